import {
  createAdminSurvey,
  exportAdminSurveyAnswers,
  findSurveyTicketings,
  getAdminSurvey,
  getAdminSurveyResults,
  listAdminSurveys,
  SURVEY_ADMIN_MESSAGES,
  updateAdminSurvey,
} from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { sendCsv } from '../../lib/send-csv.js';
import * as service from '../../services/admin/surveys.js';
import { loadSurveyResults } from '../../services/surveys/surveys.js';
import { editorOf } from './editor.js';

/** The back office's surveys (issue 27); the guard is the back office's (routes/admin/index.ts). */
const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(listAdminSurveys),
    handler: async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await service.listAdminSurveys(db, request.query)), page, pageSize };
    },
  });

  app.route({
    ...routeOf(findSurveyTicketings),
    handler: async (request) => service.findSurveyTicketings(db, request.query.q),
  });

  app.route({
    ...routeOf(getAdminSurvey),
    handler: async (request) => service.getAdminSurvey(db, request.params.surveyId),
  });

  app.route({
    ...routeOf(createAdminSurvey),
    handler: async (request, reply) =>
      reply.code(201).send(await service.createAdminSurvey(db, editorOf(request), request.body)),
  });

  app.route({
    ...routeOf(updateAdminSurvey),
    handler: async (request) => service.updateAdminSurvey(db, editorOf(request), request.params.surveyId, request.body),
  });

  app.route({
    ...routeOf(getAdminSurveyResults),
    handler: async (request) => {
      const results = await loadSurveyResults(db, request.params.surveyId);
      if (!results) throw notFound(SURVEY_ADMIN_MESSAGES.notFound);
      return results;
    },
  });

  app.route({
    ...routeOf(exportAdminSurveyAnswers),
    handler: async (request, reply) => {
      const { csv, fileName } = await service.surveyAnswersCsv(db, request.params.surveyId);
      return sendCsv(reply, fileName, csv);
    },
  });
};

export default surveyRoutes;
