/**
 * Schemas shared by the catalogue endpoints: a visual, a rich-text document, the ticketing card
 * (`TicketingSummary`) used by listings, the agenda, artist and organizer pages, and the query pieces.
 */
import { COUNTRY_SLUGS, rule } from '@guichet/domain';
import { z } from 'zod';
import { text, withMessage } from '../text.js';

export const Visual = z
  .object({
    url: z.string(),
    alt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'Visual', description: 'Image servie par le site, avec son texte alternatif et sa taille.' });
export type Visual = z.infer<typeof Visual>;

/** A rich-text document as stored (Tiptap/ProseMirror JSON); the web renders it with the sanitising renderer. */
export const RichTextDocument = z
  .looseObject({ type: z.literal('doc'), content: z.array(z.unknown()).optional() })
  .meta({ id: 'RichTextDocument', description: 'Document en texte enrichi (JSON Tiptap), tel qu’enregistré.' });
export type RichTextDocument = z.infer<typeof RichTextDocument>;

export const CountrySlug = z.enum(COUNTRY_SLUGS);
export type CountrySlug = z.infer<typeof CountrySlug>;

/** A ticketing as a card: enough for a listing, the agenda, an artist's or an organizer's page. */
export const TicketingSummary = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    category: z.string(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    venue: z.string(),
    city: z.string(),
    citySlug: z.string(),
    country: CountrySlug,
    lowestPrice: z
      .number()
      .int()
      .nullable()
      .describe('Plus petit prix remisé de ses billets, en centimes ; null sans billet en vente.'),
    thumbnail: Visual.nullable().describe('Le premier visuel de la billetterie.'),
  })
  .meta({ id: 'TicketingSummary', description: 'Billetterie résumée, pour une liste.' });
export type TicketingSummary = z.infer<typeof TicketingSummary>;

export const CitySlug = text({
  max: 80,
  rules: [
    withMessage(rule.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/), 'Ville inconnue : utilisez son identifiant (ex. saint-malo).'),
  ],
});

/** Text typed in a search box: trimmed, at least one character. */
export const SearchText = text({ max: 100 });

export const Category = text({ max: 64 });

/** The ticketings of a profile page (artist, organizer): upcoming and past, as the service lists them. */
export const profileTicketings = {
  upcoming: z
    .array(TicketingSummary)
    .describe('Billetteries à venir ou en cours, la plus proche d’abord (50 au plus).'),
  past: z.array(TicketingSummary).describe('Billetteries passées, la plus récente d’abord (12 au plus).'),
};
