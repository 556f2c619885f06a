import { suggestSite } from '@guichet/contracts';
import { apiFor } from '../lib/server/api.server';
import type { Route } from './+types/search-suggestions.route';
import { siteSuggestionGroups } from './site-search';
import { suggestionsResponse } from './suggestions.server';

/**
 * GET /recherche/suggestions?q=: the header box's grouped suggestions (events, artists, deals). Public data:
 * asked as a guest, whatever the visitor's session.
 */
export function loader({ request }: Route.LoaderArgs) {
  return suggestionsResponse(request, async (q) => {
    const found = await apiFor(request).send(suggestSite, { query: { q } });
    return found.status === 200 ? siteSuggestionGroups(found.body.suggestions) : null;
  });
}
