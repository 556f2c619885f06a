import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId } from '../ids.js';
import { profileTicketings, RichTextDocument, Visual } from './shared.js';

/** How many ticketings an artist's or an organizer's page lists, upcoming and past. */
export const PROFILE_TICKETINGS_LIMIT = { upcoming: 50, past: 12 } as const;

export const PerformerDetail = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  genre: z.string(),
  bio: RichTextDocument.nullable(),
  visual: Visual.nullable(),
  ...profileTicketings,
});
export type PerformerDetail = z.infer<typeof PerformerDetail>;

export const getPerformer = defineEndpoint({
  method: 'GET',
  path: '/performers/:performerID',
  summary: 'Un artiste : biographie, billetteries à venir et passées.',
  tags: ['catalogue'],
  params: z.object({ performerID: pathId('L’identifiant de l’artiste') }),
  responses: { 200: PerformerDetail, 400: ErrorAnswer, 404: ErrorAnswer },
});
