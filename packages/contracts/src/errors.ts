import { z } from 'zod';

/** The one shape of every failure the API answers, 4xx or 5xx. */
export const ErrorAnswer = z
  .object({
    statusCode: z.number().int().min(400).max(599),
    error: z.string(),
    message: z.string(),
  })
  .meta({ id: 'ErrorAnswer', description: 'Erreur : code HTTP, intitulé et message en français.' });

export type ErrorAnswer = z.infer<typeof ErrorAnswer>;
