import { suggestSite } from '@guichet/contracts';
import { wantsSuggestions } from '../lib/combobox';
import type { SuggestionsAnswer } from '../lib/search-suggestions';
import { apiFor } from '../lib/server/api.server';
import { serverEnv } from '../lib/server/env.server';
import { siteSuggestionGroups } from '../lib/site-search';
import type { Route } from './+types/recherche-suggestions';

const NONE: SuggestionsAnswer = { groups: [] };

function answer(body: SuggestionsAnswer, status = 200): Response {
  // The same text gives the same suggestions for a minute, whoever asks.
  const cache = status === 200 && body.groups.length > 0 ? 'public, max-age=60' : 'no-store';
  return Response.json(body, { status, headers: { 'Cache-Control': cache } });
}

/**
 * GET /recherche/suggestions?q=, asked by the header's search box as the visitor types: the API's grouped
 * suggestions (events, artists, deals) as a `SuggestionsAnswer`. Best effort: an API that is down or refuses
 * the text gives no suggestion, never an error (the box then simply shows none, and its form still works).
 * Public data: asked as a guest, whatever the visitor's session. Preview only, like /recherche.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!serverEnv.PREVIEW_FEATURES) return answer(NONE, 404);
  const q = new URL(request.url).searchParams.get('q') ?? '';
  if (!wantsSuggestions(q)) return answer(NONE);
  const found = await apiFor(request).send(suggestSite, { query: { q } });
  return answer(found.status === 200 ? siteSuggestionGroups(found.body.suggestions) : NONE);
}
