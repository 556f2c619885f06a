import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId } from '../ids.js';

/**
 * Development and tests only (never when NODE_ENV=production, and only from the machine itself): ends an
 * order's hold now and runs the release job, so that « your places were released » can be seen without
 * waiting 15 minutes.
 */
export const expireOrder = defineEndpoint({
  method: 'POST',
  path: '/dev/orders/:orderID/expire',
  summary: 'Développement seulement : fait expirer la réservation d’une commande et libère ses places.',
  tags: ['dev'],
  params: z.object({ orderID: pathId('L’identifiant de commande') }),
  responses: {
    200: z.object({ releasedPlaces: z.number().int(), expiredOrders: z.number().int() }),
    400: ErrorAnswer,
    404: ErrorAnswer,
  },
});
