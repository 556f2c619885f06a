import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';

export const OrganizerCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  upcomingCount: z.number().int().describe('Billetteries publiées à venir ou en cours.'),
});
export type OrganizerCard = z.infer<typeof OrganizerCard>;

export const OrganizersAnswer = z.object({ organizers: z.array(OrganizerCard) });
export type OrganizersAnswer = z.infer<typeof OrganizersAnswer>;

export const listOrganizers = defineEndpoint({
  method: 'GET',
  path: '/organizers',
  summary: 'Organisateurs par ordre alphabétique (plan du site, annuaire), avec leurs billetteries à venir.',
  tags: ['catalogue'],
  responses: { 200: OrganizersAnswer, 400: ErrorAnswer },
});
