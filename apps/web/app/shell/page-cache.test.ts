import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from '../routes';
import {
  GUEST_ROUTES,
  PRIVATE_PAGE_CACHE,
  PUBLIC_PAGE_CACHE,
  pageCacheControl,
  SHARED_ROUTES,
  sharedWith,
  type VisitorFound,
} from './page-cache';

/** The app's route table as React Router identifies its routes (the file without extension, or the id given). */
function tree(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, '');
    const children = entry.children?.length ? tree(entry.children) : undefined;
    return { id, path: entry.path, index: entry.index, ...(children ? { children } : {}) } as RouteObject;
  });
}
const routeTree = [{ id: 'root', path: '', children: tree(routes) } as RouteObject];
const routeIdsOf = (pathname: string) => (matchRoutes(routeTree, pathname) ?? []).map((match) => match.route.id ?? '');

const NOBODY: VisitorFound = { user: null, cartCount: 0, notice: null, cartFromAccount: [] };

const answer = (
  pathname: string,
  overrides: { visitor?: VisitorFound; status?: number; method?: string; headers?: HeadersInit } = {},
) =>
  pageCacheControl({
    method: overrides.method ?? 'GET',
    status: overrides.status ?? 200,
    routeIds: routeIdsOf(pathname),
    visitor: 'visitor' in overrides ? overrides.visitor : NOBODY,
    headers: new Headers(overrides.headers),
  });

const PUBLIC_PAGES = [
  '/',
  '/billetteries',
  '/billetteries/france/2026/11',
  '/billetterie/les-nuits-electriques-1',
  '/agenda',
  '/artistes',
  '/artistes/4',
  '/bons-plans',
  '/bons-plans/search',
  '/bons-plans/offer/spa-3',
  '/organizer/2',
  '/embed/ticketing/1',
  '/magazine',
  '/magazine/dix-festivals',
  '/jeux-concours',
  '/jeux-concours/2',
  '/jeux-concours/2/ranking',
  '/mentions-legales',
  '/recherche',
];

describe('who may keep a copy of a page', () => {
  it('names only routes of the app', () => {
    const ids = new Set<string>();
    const walk = (nodes: RouteObject[]) => {
      for (const node of nodes) {
        ids.add(node.id ?? '');
        walk(node.children ?? []);
      }
    };
    walk(routeTree);
    expect([...SHARED_ROUTES, ...GUEST_ROUTES].filter((id) => !ids.has(id))).toEqual([]);
  });

  it('shares a contest game’s pages only among guests: its loader asks the API as the visitor', () => {
    expect(sharedWith(routeIdsOf('/jeux-concours/2'))).toBe('guests');
    expect(sharedWith(routeIdsOf('/jeux-concours/2/ranking'))).toBe('guests');
    expect(sharedWith(routeIdsOf('/jeux-concours'))).toBe('everyone');
    expect(sharedWith(routeIdsOf('/billetterie/1'))).toBe('everyone');
    expect(sharedWith(routeIdsOf('/jeux-concours/2/participate'))).toBe('nobody');
  });

  it('lets shared caches keep the public pages rendered for nobody a short while', () => {
    for (const path of PUBLIC_PAGES) expect(answer(path), path).toBe(PUBLIC_PAGE_CACHE);
    expect(PUBLIC_PAGE_CACHE).toMatch(/s-maxage=\d+/);
    expect(PUBLIC_PAGE_CACHE).toMatch(/stale-while-revalidate=\d+/);
  });

  it('never shares a page rendered for a visitor with a session, a cart or a notice', () => {
    const visitors: VisitorFound[] = [
      { ...NOBODY, user: { id: 1, firstname: 'Camille' } },
      { ...NOBODY, cartCount: 2 },
      { ...NOBODY, notice: { id: 'n', message: 'Bienvenue', state: 'success' } },
      { ...NOBODY, cartFromAccount: [3] },
    ];
    for (const visitor of visitors)
      for (const path of PUBLIC_PAGES) expect(answer(path, { visitor }), path).toBe(PRIVATE_PAGE_CACHE);
    // A root loader that failed found nobody it could vouch for.
    expect(answer('/', { visitor: undefined })).toBe(PRIVATE_PAGE_CACHE);
  });

  it('never shares a page that sets a cookie, an error, a form’s answer, or the private pages', () => {
    expect(answer('/billetterie/1', { headers: { 'Set-Cookie': 'guichet_cart=1' } })).toBe(PRIVATE_PAGE_CACHE);
    expect(answer('/billetterie/999', { status: 404 })).toBe(PRIVATE_PAGE_CACHE);
    expect(answer('/billetteries', { status: 503 })).toBe(PRIVATE_PAGE_CACHE);
    expect(answer('/bons-plans', { method: 'POST' })).toBe(PRIVATE_PAGE_CACHE);
    for (const path of [
      '/cart',
      '/account',
      '/account/orders/3',
      '/auth/login',
      '/forgot-password',
      '/payment',
      '/download',
      '/survey/1/2/3',
      '/jeux-concours/2/participate',
      '/outbox',
      '/page-inconnue',
    ])
      expect(answer(path), path).toBe(PRIVATE_PAGE_CACHE);
  });

  it('keeps what a route said itself (no-store on the payment page)', () => {
    expect(answer('/payment', { headers: { 'Cache-Control': 'no-store' } })).toBeNull();
  });
});
