/**
 * /surveys/:surveyID/:ticketingID/:userID — an attendee's satisfaction survey, reached from the e-mailed link:
 * its `sig` is checked before anything is read, so a wrong one says nothing about which ids exist.
 * /surveys/:surveyID/results — the organizer's aggregates, behind the survey's own results token.
 */
import { answerSurvey, getSurvey, getSurveyResults, SURVEY_MESSAGES } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError, notFound, VALIDATION_MESSAGES } from '../../lib/http-error.js';
import type { SurveyParticipant } from '../../services/surveys/links.js';
import { loadSurveyForm, loadSurveyResults, saveSurveyAnswer } from '../../services/surveys/surveys.js';

const forbidden = () => new HttpError(403, 'FORBIDDEN', SURVEY_MESSAGES.forbidden);

const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const participantOf = (params: { surveyID: number; ticketingID: number; userID: number }, sig?: string) => {
    const participant: SurveyParticipant = {
      surveyId: params.surveyID,
      ticketingId: params.ticketingID,
      userId: params.userID,
    };
    if (!app.surveyLinks.verify(participant, sig)) throw forbidden();
    return participant;
  };

  app.route({
    ...routeOf(getSurvey),
    handler: async (request) => {
      const form = await loadSurveyForm(db, participantOf(request.params, request.query.sig));
      if (!form) throw notFound(SURVEY_MESSAGES.notFound);
      return form;
    },
  });

  app.route({
    ...routeOf(answerSurvey),
    handler: async (request, reply) => {
      const participant = participantOf(request.params, request.query.sig);
      const outcome = await saveSurveyAnswer(db, participant, request.body.answers);
      switch (outcome.kind) {
        case 'notFound':
          throw notFound(SURVEY_MESSAGES.notFound);
        case 'alreadyAnswered':
          throw new HttpError(409, 'ALREADY_ANSWERED', SURVEY_MESSAGES.alreadyAnswered);
        case 'invalid':
          throw new HttpError(400, 'VALIDATION_FAILED', VALIDATION_MESSAGES.body, {
            issues: Object.entries(outcome.errors).map(([questionId, message]) => ({
              path: ['answers', questionId],
              code: 'custom',
              message,
            })),
          });
        case 'saved':
          return reply.code(201).send({ answered: true as const });
      }
    },
  });

  app.route({
    ...routeOf(getSurveyResults),
    handler: async (request) => {
      const { surveyID } = request.params;
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!app.surveyLinks.verifyResultsToken(surveyID, token))
        throw new HttpError(401, 'AUTHENTICATION_REQUIRED', SURVEY_MESSAGES.resultsForbidden);
      const results = await loadSurveyResults(db, surveyID);
      if (!results) throw notFound(SURVEY_MESSAGES.notFound);
      return results;
    },
  });
};

export default surveyRoutes;
