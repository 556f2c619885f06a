import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId } from '../ids.js';
import { profileTicketings, RichTextDocument, Visual } from './shared.js';

export const OrganizerDetail = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: RichTextDocument.nullable(),
  city: z.string(),
  website: z.string().nullable(),
  logo: Visual.nullable(),
  ...profileTicketings,
});
export type OrganizerDetail = z.infer<typeof OrganizerDetail>;

export const getOrganizer = defineEndpoint({
  method: 'GET',
  path: '/organizers/:entityID',
  summary: 'Un organisateur : présentation, billetteries à venir et passées.',
  tags: ['catalogue'],
  params: z.object({ entityID: pathId('L’identifiant de l’organisateur') }),
  responses: { 200: OrganizerDetail, 400: ErrorAnswer, 404: ErrorAnswer },
});
