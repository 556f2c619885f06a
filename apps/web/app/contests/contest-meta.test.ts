import { describe, expect, it } from 'vitest';
import { CONTEST_GAME_ROUTE_ID, contestMeta } from './contest-meta';

const root = { id: 'root', loaderData: { env: { siteUrl: 'https://www.guichet.fr' } } };
const game = {
  id: CONTEST_GAME_ROUTE_ID,
  loaderData: { contestGameID: '3', game: { title: 'Le grand quiz du jazz' } },
};
const at = (pathname: string) => ({ location: { pathname }, matches: [root, game] });

describe('contestMeta', () => {
  it('titles each page of a game by the game’s name, not « Jeu-concours »', () => {
    expect(contestMeta(null, {}, at('/jeux-concours/3'))).toContainEqual({
      title: 'Le grand quiz du jazz | Guichet Jeux-concours',
    });
    expect(contestMeta('Classement', {}, at('/jeux-concours/3/ranking'))).toContainEqual({
      title: 'Classement – Le grand quiz du jazz | Guichet Jeux-concours',
    });
    expect(contestMeta('Participer', {}, at('/jeux-concours/3/participate'))).toContainEqual({
      title: 'Participer – Le grand quiz du jazz | Guichet Jeux-concours',
    });
  });
});
