/**
 * An organiser's visual, uploaded from the pro site (issue 25): one JPEG, PNG or WebP file of 10 MB at most,
 * sent as multipart/form-data (field `file`, and `alt` for its description). The API checks it by its
 * content, removes its metadata (EXIF, GPS, ICC, XMP) and stores it as WebP at the widths the public site
 * uses, under names that change with the content (docs/decisions/0059).
 */
import { VISUAL_UPLOAD_MESSAGES } from '@guichet/domain';
import { z } from 'zod';
import { Visual } from '../catalogue/shared.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { text } from '../text.js';

/** The form's fields besides the file: read by the API once the multipart body is parsed. */
export const VisualUploadFields = z.object({
  alt: text({ max: 250, required: false })
    .optional()
    .describe('Texte alternatif de l’image (ce qu’elle montre), lu par les lecteurs d’écran.'),
});
export type VisualUploadFields = z.infer<typeof VisualUploadFields>;

export const VisualVariant = z
  .object({
    name: z.string().describe('Nom du fichier, versionné : <empreinte>-<largeur>.webp.'),
    url: z.string().describe('Adresse du fichier sur le site : /media/<nom>.'),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int().describe('Taille du fichier, en octets.'),
  })
  .meta({ id: 'VisualVariant', description: 'Une taille d’un visuel envoyé, en WebP.' });
export type VisualVariant = z.infer<typeof VisualVariant>;

export const UploadedVisual = z
  .object({
    id: RowId.describe('L’identifiant de l’envoi, pour le ranger dans une billetterie (uploadId).'),
    visual: Visual.describe('Le visuel à sa largeur par défaut, prêt à ranger dans une billetterie.'),
    variants: z.array(VisualVariant).min(1).describe('Toutes ses tailles, de la plus étroite à la plus large.'),
  })
  .meta({ id: 'UploadedVisual', description: 'Un visuel envoyé : ses tailles et celle qu’une page affiche.' });
export type UploadedVisual = z.infer<typeof UploadedVisual>;

export const uploadVisual = defineEndpoint({
  method: 'POST',
  path: '/pro/organizers/:organizerId/uploads',
  summary:
    'Envoie un visuel de l’organisateur (multipart/form-data : file, alt) : JPEG, PNG ou WebP de 10 Mo et 40 millions de pixels au plus.',
  tags: ['pro'],
  params: z.object({ organizerId: pathId('L’identifiant de l’organisateur') }),
  responses: {
    201: UploadedVisual,
    400: ErrorAnswer.describe(`BAD_REQUEST : ${VISUAL_UPLOAD_MESSAGES.missing} / ${VISUAL_UPLOAD_MESSAGES.unreadable}`),
    403: ErrorAnswer,
    404: ErrorAnswer,
    413: ErrorAnswer.describe(
      `PAYLOAD_TOO_LARGE : ${VISUAL_UPLOAD_MESSAGES.tooLarge} / ${VISUAL_UPLOAD_MESSAGES.tooManyPixels}`,
    ),
    415: ErrorAnswer.describe(`UNSUPPORTED_MEDIA_TYPE : ${VISUAL_UPLOAD_MESSAGES.unsupported}`),
    503: ErrorAnswer.describe(`SERVICE_UNAVAILABLE : ${VISUAL_UPLOAD_MESSAGES.busy}`),
  },
});
