/**
 * A stored visual's file (docs/decisions/0059): the public site forwards `/media/<name>` here, so pages load
 * images from their own origin. Names are versioned: one is never served with other bytes.
 */
import { VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { text } from '../text.js';

export const getMedia = defineEndpoint({
  method: 'GET',
  path: '/media/:name',
  summary: 'Le fichier d’un visuel envoyé (WebP), à garder un an : son nom change avec son contenu.',
  tags: ['media'],
  // Any name is read (bounded): one that is not a stored file's name is a 404 like an unknown one, never a 400.
  params: z.object({ name: text({ max: 100, asTyped: true }).describe('<empreinte>-<largeur>.webp') }),
  responses: {
    200: z.string().describe('image/webp'),
    404: ErrorAnswer.describe(VISUAL_UPLOAD_MESSAGES.notFound),
  },
});
