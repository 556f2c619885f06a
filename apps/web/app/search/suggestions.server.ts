import type { SuggestionsAnswer } from '../lib/search-suggestions';
import { serverEnv } from '../lib/server/env.server';
import { wantsSuggestions } from './combobox';

const NONE: SuggestionsAnswer = { groups: [] };

function answer(body: SuggestionsAnswer, status = 200): Response {
  // The same text gives the same suggestions for a minute, whoever asks; no suggestion is never kept.
  const cache = status === 200 && body.groups.length > 0 ? 'public, max-age=60' : 'no-store';
  return Response.json(body, { status, headers: { 'Cache-Control': cache } });
}

/**
 * The answer of a search box's suggestions resource route (JSON `SuggestionsAnswer`, asked as the visitor
 * types). Preview only, like the sections it suggests (a resource route runs no layout loader, so it checks the
 * switch itself); nothing is asked for a text too short to suggest from; best effort: `suggest` gives null when
 * the API is down or refuses the text, and the box then shows none while its form still works.
 */
export async function suggestionsResponse(
  request: Request,
  suggest: (q: string) => Promise<SuggestionsAnswer | null>,
): Promise<Response> {
  if (!serverEnv.PREVIEW_FEATURES) return answer(NONE, 404);
  const q = new URL(request.url).searchParams.get('q') ?? '';
  if (!wantsSuggestions(q)) return answer(NONE);
  return answer((await suggest(q)) ?? NONE);
}
