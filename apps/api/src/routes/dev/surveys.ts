/**
 * /dev/surveys/* — development and end-to-end tests only (registered outside production, answered only to
 * the machine itself): the signed survey link of the demo account, whose signature depends on this install's
 * JWT_SECRET (so no link can be written in the README), and a run of the invitation job now.
 */
import { devSurveyLink, runSurveyMailJob } from '@guichet/contracts';
import { isLoopbackAddress } from '@guichet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { DEMO_ACCOUNT } from '../../seed/users.js';
import { defaultSurveyId, sendSurveyInvitations } from '../../services/surveys/invitations.js';
import { firstPastTicketingOf } from '../../services/surveys/surveys.js';

const devSurveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.ip)) return reply.callNotFound();
  });

  app.route({
    ...routeOf(devSurveyLink),
    handler: async (request) => {
      const { surveyID, ticketingID, userID } = request.query;
      const surveyId = surveyID ?? (await defaultSurveyId(db));
      // Without ids: the demo account (Camille) and the past ticketing of her first order.
      const demo =
        userID === undefined || ticketingID === undefined ? await firstPastTicketingOf(db, DEMO_ACCOUNT.email) : null;
      const userId = userID ?? demo?.userId;
      const ticketingId = ticketingID ?? demo?.ticketingId;
      if (surveyId == null || userId === undefined || ticketingId === undefined)
        throw notFound('Aucune enquête ni billetterie passée du compte de démonstration.');
      const participant = { surveyId, ticketingId, userId };
      const path = app.surveyLinks.path(participant);
      return { path, url: `${app.config.SITE_URL}${path}`, resultsToken: app.surveyLinks.resultsToken(surveyId) };
    },
  });

  app.route({
    ...routeOf(runSurveyMailJob),
    handler: async () => ({
      sent: await sendSurveyInvitations({
        db,
        mailer: app.mailer,
        links: app.surveyLinks,
        siteUrl: app.config.SITE_URL,
      }),
    }),
  });
};

export default devSurveyRoutes;
