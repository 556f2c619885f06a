/**
 * The game of /jeux-concours/:contestGameID, loaded once per request (issue 24 §3): a post to the participate
 * form runs its action and then, without JavaScript, the game's loader in the same request; both read the
 * one answer kept for the request's context. The child pages read the game from their parent's loader data.
 */
import { type ContestGameDetail, getContestGame } from '@guichet/contracts';
import type { RouterContextProvider } from 'react-router';
import { apiFor } from '../lib/server/api.server';

/** Each request's games by id, gone with the request's context. */
const loaded = new WeakMap<object, Map<number, Promise<ContestGameDetail>>>();

/** The game with the visitor's session (whether they already took part): one API call a request. */
export function loadContestGame(
  request: Request,
  context: Readonly<RouterContextProvider>,
  id: number,
): Promise<ContestGameDetail> {
  const games = loaded.get(context) ?? new Map<number, Promise<ContestGameDetail>>();
  loaded.set(context, games);
  let game = games.get(id);
  if (!game) {
    game = apiFor(request, context).loadData(getContestGame, { params: { id } });
    games.set(id, game);
  }
  return game;
}
