import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';

export const DataVersionAnswer = z.object({
  /** Grows whenever data shown on public pages changes; only its changes mean something. */
  version: z.string().regex(/^\d{1,20}$/),
});

export const getDataVersion = defineEndpoint({
  method: 'GET',
  path: '/data-version',
  summary:
    'Version des données publiques : elle change dès que le catalogue, les bons plans, Le Mag, les jeux ou les places restantes changent (caches des pages).',
  tags: ['system'],
  responses: { 200: DataVersionAnswer, 503: ErrorAnswer },
});
