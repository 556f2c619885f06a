import type { MetaDescriptor } from 'react-router';
import { type MetaContext, type PageMetaOptions, pageMeta } from '../lib/meta';

/** The route of a game's three pages (overview, ranking, participate), whose loader holds the game. */
export const CONTEST_GAME_ROUTE_ID = 'contests/contest-game.route';

/** The game's name as its route loaded it, or null (its loader failed). */
function gameTitle(matches: MetaContext['matches']): string | null {
  const match = matches.find((one) => one?.id === CONTEST_GAME_ROUTE_ID);
  const data = (match?.loaderData ?? match?.data) as { game?: { title?: unknown } } | undefined;
  const title = data?.game?.title;
  return typeof title === 'string' && title !== '' ? title : null;
}

/**
 * A contest page's metadata, titled by the game's name — « Grand jeu de l’été », « Classement – Grand jeu de
 * l’été » — so that tabs, bookmarks and search results tell the games apart (issue 22: every one said
 * « Jeu-concours »). `page` is the page within the game (none for its overview).
 */
export function contestMeta(
  page: string | null,
  options: Omit<PageMetaOptions, 'title'>,
  context: MetaContext,
): MetaDescriptor[] {
  const game = gameTitle(context.matches) ?? 'Jeu-concours';
  return pageMeta({ ...options, title: page ? `${page} – ${game}` : game }, context);
}
