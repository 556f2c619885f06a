import { suggestOffers } from '@guichet/contracts';
import { offerSuggestionsAnswer } from '../../lib/offer-search';
import { notFound } from '../../lib/route-params';
import type { SuggestionsAnswer } from '../../lib/search-suggestions';
import { apiFor } from '../../lib/server/api.server';
import { serverEnv } from '../../lib/server/env.server';
import type { Route } from './+types/suggestions';

function json(answer: SuggestionsAnswer, cache: string): Response {
  return Response.json(answer, { headers: { 'Cache-Control': cache } });
}

/**
 * GET /bons-plans/suggestions?q=: the deals search box's suggestions (a `SuggestionsAnswer`, one group
 * « Bons plans »). Best effort: an API that cannot answer, or refuses the text, gives no suggestion — the
 * visitor can still submit the search. A resource route runs no layout loader, so it checks the preview
 * switch of the section itself.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!serverEnv.PREVIEW_FEATURES) notFound(request);
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  if (q === '') return json({ groups: [] }, 'public, max-age=300');
  const answer = await apiFor(request).send(suggestOffers, { query: { q } });
  if (answer.status !== 200) return json({ groups: [] }, 'no-store');
  return json(offerSuggestionsAnswer(answer.body.suggestions), 'public, max-age=60');
}
