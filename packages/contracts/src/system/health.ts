import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';

export const HealthAnswer = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  summary: "État du service : l'API répond et la base de données aussi.",
  tags: ['system'],
  responses: { 200: HealthAnswer, 503: ErrorAnswer },
});
