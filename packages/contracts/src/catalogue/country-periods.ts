import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { CalendarYear, text } from '../text.js';

const YearCount = z.object({ year: z.number().int(), count: z.number().int() });
const MonthCount = z.object({ year: z.number().int(), month: z.number().int(), count: z.number().int() });
const DayCount = z.object({
  year: z.number().int(),
  month: z.number().int(),
  day: z.number().int(),
  count: z.number().int(),
});

export const CountryPeriodsAnswer = z.object({
  years: z.array(YearCount).describe('Toutes les années ayant des billetteries dans ce pays.'),
  months: z.array(MonthCount).describe('Les mois de l’année demandée, ou de toutes les années sans `year`.'),
  days: z.array(DayCount).optional().describe('Les jours du mois demandé, seulement avec `month`.'),
});
export type CountryPeriodsAnswer = z.infer<typeof CountryPeriodsAnswer>;

export const getCountryPeriods = defineEndpoint({
  method: 'GET',
  path: '/countries/:country/periods',
  summary:
    'Années, mois et jours ayant des billetteries publiées dans un pays (passées comprises), avec leur nombre, par date de début à Paris.',
  tags: ['catalogue'],
  params: z.object({ country: text({ max: 40 }).describe('Pays : france, belgique ou suisse.') }),
  query: z
    .object({
      year: CalendarYear.optional(),
      month: z.coerce.number().int().min(1).max(12).optional().describe('Demande l’année.'),
    })
    .superRefine((query, context) => {
      if (query.month !== undefined && query.year === undefined)
        context.addIssue({ code: 'custom', path: ['month'], message: 'Le mois demande aussi l’année.' });
    }),
  responses: { 200: CountryPeriodsAnswer, 400: ErrorAnswer, 404: ErrorAnswer },
});
