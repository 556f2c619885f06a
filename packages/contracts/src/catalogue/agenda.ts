import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { IsoDate } from '../text.js';
import { Category, CitySlug, TicketingSummary } from './shared.js';

/** The longest period the agenda shows at once, in days. */
export const AGENDA_MAX_DAYS = 92;
/** The period shown when none is asked for, in days from today. */
export const AGENDA_DEFAULT_DAYS = 30;
/** The most ticketings one agenda answer carries (`truncated` tells when more exist). */
export const AGENDA_MAX_ITEMS = 500;

const DAY_MS = 86_400_000;

export const AgendaQuery = z
  .object({
    city: CitySlug.optional(),
    category: Category.optional(),
    from: IsoDate.optional().describe('Premier jour (heure de Paris) ; par défaut aujourd’hui.'),
    to: IsoDate.optional().describe(`Dernier jour inclus ; par défaut ${AGENDA_DEFAULT_DAYS} jours après « from ».`),
  })
  .superRefine((query, context) => {
    if (query.from === undefined || query.to === undefined) return;
    const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1;
    if (days < 1)
      context.addIssue({ code: 'custom', path: ['to'], message: 'La date de fin précède la date de début.' });
    else if (days > AGENDA_MAX_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `L’agenda couvre au plus ${AGENDA_MAX_DAYS} jours.`,
      });
  });
export type AgendaQuery = z.output<typeof AgendaQuery>;

export const AgendaAnswer = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  days: z
    .array(z.object({ date: z.iso.date(), ticketings: z.array(TicketingSummary) }))
    .describe(
      'Jours ayant au moins une billetterie (heure de Paris), dans l’ordre : celles qui commencent ce jour-là, et les expositions et festivals (un jour ou plus) qui se tiennent ce jour-là.',
    ),
  categories: z.array(z.string()).describe('Catégories ayant des billetteries à venir (options du filtre).'),
  cities: z
    .array(z.object({ slug: z.string(), name: z.string() }))
    .describe('Villes ayant des billetteries à venir (options du filtre).'),
  truncated: z.boolean().describe(`Vrai quand la période compte plus de ${AGENDA_MAX_ITEMS} billetteries.`),
});
export type AgendaAnswer = z.infer<typeof AgendaAnswer>;

export const getAgenda = defineEndpoint({
  method: 'GET',
  path: '/agenda',
  summary: 'Agenda : billetteries publiées à venir, jour par jour, avec les options des filtres.',
  tags: ['catalogue'],
  query: AgendaQuery,
  responses: { 200: AgendaAnswer, 400: ErrorAnswer },
});
