import { suggestOffers } from '@guichet/contracts';
import { apiFor } from '../lib/server/api.server';
import { suggestionsResponse } from '../search/suggestions.server';
import type { Route } from './+types/offer-suggestions.route';
import { offerSuggestionsAnswer } from './offer-search';

/** GET /bons-plans/suggestions?q=: the deals search box's suggestions, one group « Bons plans ». */
export function loader({ request }: Route.LoaderArgs) {
  return suggestionsResponse(request, async (q) => {
    const found = await apiFor(request).send(suggestOffers, { query: { q } });
    return found.status === 200 ? offerSuggestionsAnswer(found.body.suggestions) : null;
  });
}
