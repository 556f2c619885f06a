import { NotificationsProvider } from '@guichet/ui/notifications';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicEnv } from '../lib/public-env';
import type { SessionUser } from '../lib/session-user';
import { Header, isCurrentNavItem, navItems } from './header';

const env: PublicEnv = {
  siteUrl: 'http://localhost:3000',
  supportUrl: 'https://support.guichet.example',
  proUrl: 'https://pro.guichet.example',
  previewFeatures: true,
};

function render(url: string, props: { env: PublicEnv | null; user: SessionUser | null }) {
  const element = (
    <NotificationsProvider>
      <Header {...props} />
    </NotificationsProvider>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('navItems', () => {
  it('shows only Billetteries without preview features', () => {
    expect(navItems(false)).toEqual([{ to: '/', label: 'Billetteries' }]);
  });

  it('adds the other sites with preview features', () => {
    expect(navItems(true).map((item) => item.label)).toEqual([
      'Billetteries',
      'Artistes',
      'Jeux-concours',
      'Bons plans',
      'Le Mag',
    ]);
    expect(navItems(true).find((item) => item.label === 'Le Mag')?.to).toBe('/magazine');
  });
});

describe('isCurrentNavItem', () => {
  it.each([
    ['/', true],
    ['/billetteries', true],
    ['/billetteries/france/2027/03', true],
    ['/billetterie/concert-42', true],
    ['/organizer/3', true],
    ['/billetteriesX', false],
    ['/artistes', false],
    ['/agenda', false],
  ])('Billetteries is current on %s: %s', (pathname, current) => {
    expect(isCurrentNavItem('/', pathname)).toBe(current);
  });

  it('marks the other sites on their own pages only', () => {
    expect(isCurrentNavItem('/artistes', '/artistes/12')).toBe(true);
    expect(isCurrentNavItem('/artistes', '/billetteries')).toBe(false);
    expect(isCurrentNavItem('/magazine', '/magazines')).toBe(false);
  });
});

describe('Header', () => {
  it('marks Billetteries as the current page on the listing and on a ticketing (both navigations)', () => {
    for (const url of ['/billetteries/france', '/billetterie/concert-42']) {
      const html = render(url, { env, user: null });
      const current = html.match(/<a [^>]*aria-current="page"[^>]*>[^<]*</g) ?? [];
      // The wide screens' navigation and the mobile menu's.
      expect(current).toHaveLength(2);
      for (const link of current) {
        expect(link).toContain('href="/"');
        expect(link).toContain('underline');
        expect(link).toMatch(/>Billetteries<$/);
      }
    }
  });

  it('shows the navigation, support, pro site and login links to a guest', () => {
    const html = render('/agenda', { env, user: null });
    expect(html).toContain('aria-label="Navigation principale"');
    expect(html).toContain('href="/artistes"');
    expect(html).toContain('href="https://support.guichet.example"');
    expect(html).toContain('Ouvrir une billetterie');
    expect(html).toContain('href="https://pro.guichet.example/inscription"');
    expect(html).toMatch(/href="\/auth\/login"[^>]*>.*Connexion/);
  });

  it('hides preview links when preview features are off', () => {
    const html = render('/', { env: { ...env, previewFeatures: false }, user: null });
    expect(html).toContain('Billetteries');
    expect(html).not.toContain('href="/artistes"');
    expect(html).not.toContain('href="/magazine"');
    expect(html).not.toContain('<search');
  });

  it('has the site search: a GET form to /recherche whose label is for screen readers', () => {
    const html = render('/agenda', { env, user: null });
    expect(html).toMatch(/<search aria-labelledby="recherche-site-label"/);
    expect(html).toMatch(/<form [^>]*action="\/recherche" method="get"/);
    expect(html).toContain(
      '<label id="recherche-site-label" for="recherche-site-input" class="sr-only">Rechercher sur Guichet</label>',
    );
    expect(html).toMatch(/<input id="recherche-site-input" type="search" [^>]*name="q"/);
    expect(html).toContain('placeholder="Spectacle, artiste…"');
    // Where the navigation leaves the box no room, a link to the search page.
    expect(html).toMatch(
      /<a [^>]*href="\/recherche"[^>]*aria-label="Rechercher sur Guichet"|<a [^>]*aria-label="Rechercher sur Guichet"[^>]*href="\/recherche"/,
    );
  });

  it('leads a logged-in user to their orders, under their firstname', () => {
    const html = render('/', { env, user: { id: 1, firstname: 'Camille', loggedIn: true } });
    expect(html).toMatch(/href="\/account\/orders"[^>]*>.*Camille/);
    expect(html).not.toContain('Connexion');
  });

  it('points the logo to the home of the current site', () => {
    expect(render('/bons-plans/search', { env, user: null })).toMatch(/href="\/bons-plans"[^>]*>.*Guichet/);
    expect(render('/magazine/un-article', { env, user: null })).toMatch(/href="\/magazine"[^>]*>.*Guichet/);
  });

  it('hides navigation and buttons in CSE mode, and the logo leads nowhere', () => {
    const html = render('/billetterie/concert-42?type=CSE', { env, user: null });
    expect(html).not.toContain('Navigation principale');
    expect(html).not.toContain('Connexion');
    expect(html).not.toContain('href=');
    expect(html).not.toContain('<search');
    expect(html).not.toContain('<form');
    expect(html).toContain('Guichet');
  });

  it('still renders without configuration (root loader failed)', () => {
    const html = render('/', { env: null, user: null });
    expect(html).toContain('Billetteries');
    expect(html).not.toContain('Ouvrir une billetterie');
    expect(html).not.toContain('<search');
    expect(html).toContain('Connexion');
  });
});
