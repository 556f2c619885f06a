/**
 * The site's page cache (page-cache.server.ts) wired to the app: React Router's own request handler renders
 * the shared copies, the route table says which paths may be shared (the same table entry.server.tsx decides
 * Cache-Control from: lib/page-cache.ts), and the header's own functions read and render the visitor.
 * server.mjs creates it from the server build (this module is exported by entry.server.tsx).
 */
import { LRUCache } from 'lru-cache';
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { isSharedPage } from '../page-cache';
import { createPageCache } from './page-cache.server';
import { visitorOf, visitorPart } from './visitor-part.server';

type RouteNode = RouteObject & { id: string };

/** The build's flat route manifest as the tree `matchRoutes` walks. */
function routeTree(routes: ServerBuild['routes']): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(routes)) {
    if (route)
      nodes.set(route.id, {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
      } as RouteNode);
  }
  const top: RouteNode[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id) as RouteNode;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (!parent) top.push(node);
    // An index route has no children, not even an empty list (matchRoutes refuses one that has).
    else parent.children = [...(parent.children ?? []), node];
  }
  return top;
}

export type SiteCacheOptions = {
  build: ServerBuild;
  mode?: string;
  origin: string;
  ttlMs: number;
  dataVersion: () => string | null;
};

export function createSiteCache({ build, mode, origin, ttlMs, dataVersion }: SiteCacheOptions) {
  const tree = routeTree(build.routes);
  // matchRoutes ranks the whole table at each call: a path's answer is kept (paths are many, routes few).
  const shared = new LRUCache<string, boolean>({ max: 10_000 });
  const mayShare = (pathname: string) => {
    let answer = shared.get(pathname);
    if (answer === undefined) {
      // A data request (`.data`) is never a page: it carries the visitor's own root data.
      const routeIds = (matchRoutes(tree, pathname) ?? []).map((match) => match.route.id ?? '');
      answer = !pathname.endsWith('.data') && isSharedPage(routeIds);
      shared.set(pathname, answer);
    }
    return answer;
  };
  return createPageCache({
    render: createRequestHandler(build, mode),
    origin,
    // A data request (`.data`) is never a page: it carries the visitor's own root data.
    mayShare: (pathname) =>
      !pathname.endsWith('.data') &&
      isSharedPage((matchRoutes(tree, pathname) ?? []).map((match) => match.route.id ?? '')),
    visitorOf,
    visitorPart,
    dataVersion,
    ttlMs,
  });
}
