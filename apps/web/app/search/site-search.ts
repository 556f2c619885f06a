/**
 * The site-wide search (/recherche and the header's search box): the pages its results lead to, the
 * header's grouped suggestions, and the links to each group's full list.
 */
import type { SiteSearchGroup, SiteSuggestion } from '@guichet/contracts';
import { countLabel, offerPath, ticketingPath } from '@guichet/domain';
import { performerPath } from '../catalogue/catalogue-paths';
import type { SuggestionGroup, SuggestionsAnswer } from '../lib/search-suggestions';
import { EMPTY_OFFER_SEARCH, offerSearchHref } from '../offers/offer-search';

/** The three groups, in the order they are shown, with their French names. */
export const SITE_SEARCH_GROUP_LABELS: Readonly<Record<SiteSearchGroup, string>> = {
  ticketings: 'Événements',
  performers: 'Artistes',
  offers: 'Bons plans',
};

const hrefOf: Readonly<Record<SiteSearchGroup, (suggestion: SiteSuggestion) => string>> = {
  ticketings: ({ slug, id }) => ticketingPath({ slug, id }),
  performers: ({ id }) => performerPath({ id }),
  offers: ({ slug, id }) => offerPath({ slug, offerID: id }),
};

/** The API's suggestions as the header's search box shows them: grouped, empty groups left out. */
export function siteSuggestionGroups(suggestions: readonly SiteSuggestion[]): SuggestionsAnswer {
  const groups: SuggestionGroup[] = [];
  for (const [group, label] of Object.entries(SITE_SEARCH_GROUP_LABELS) as [SiteSearchGroup, string][]) {
    const options = suggestions
      .filter((suggestion) => suggestion.group === group)
      .map((suggestion) => ({
        id: `${group}-${suggestion.id}`,
        label: suggestion.title,
        ...(suggestion.detail ? { detail: suggestion.detail } : {}),
        href: hrefOf[group](suggestion),
      }));
    if (options.length > 0) groups.push({ label, options });
  }
  return { groups };
}

/**
 * Where each group's full list is, for a search: the artists' and the deals' own searches; the ticketing
 * listing has no text filter, so the events group leads to the listing itself.
 */
export function fullListPath(group: SiteSearchGroup, q: string): string {
  const query = new URLSearchParams({ q }).toString();
  switch (group) {
    case 'ticketings':
      return '/billetteries';
    case 'performers':
      return `/artistes?${query}`;
    case 'offers':
      return offerSearchHref({ ...EMPTY_OFFER_SEARCH, q });
  }
}

/**
 * « 3 résultats », « 1 résultat », « Aucun résultat »; « Plus de 1 000 résultats » when a count stopped at its
 * limit (`capped`).
 */
export const resultCountLabel = (total: number, capped = false): string =>
  countLabel(total, { none: 'Aucun résultat', one: 'résultat', many: 'résultats' }, capped);
