import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { CountrySlug } from './shared.js';

export const CountryNavigation = z.object({
  slug: CountrySlug,
  name: z.string(),
  count: z.number().int().describe('Billetteries publiées à venir ou en cours.'),
  cities: z
    .array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() }))
    .describe('Villes ayant des billetteries à venir, par ordre alphabétique.'),
});
export type CountryNavigation = z.infer<typeof CountryNavigation>;

export const CountriesAnswer = z.object({ countries: z.array(CountryNavigation) });
export type CountriesAnswer = z.infer<typeof CountriesAnswer>;

export const listCountries = defineEndpoint({
  method: 'GET',
  path: '/countries',
  summary: 'Pays et villes ayant des billetteries à venir, avec leur nombre.',
  tags: ['catalogue'],
  responses: { 200: CountriesAnswer },
});
