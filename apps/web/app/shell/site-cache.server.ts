/**
 * The site's page cache (page-cache.server.ts) wired to the app: React Router's own request handler renders
 * the shared copies, the route table says which paths may be shared (the same table entry.server.tsx decides
 * Cache-Control from: shell/page-cache.ts), and the header's own functions read and render the visitor.
 * server.mjs creates it from the server build (this module is exported by entry.server.tsx).
 */
import { LRUCache } from 'lru-cache';
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { DocumentVisitor } from '../lib/document-visitor';
import { type SharedWith, sharedWith } from './page-cache';
import { type CopyVisitor, createPageCache } from './page-cache.server';
import { visitorOf, visitorPart } from './visitor-part.server';

/** The build's flat route manifest as the tree `matchRoutes` walks (an index route gets no children list). */
function routeTree(routes: ServerBuild['routes'], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const { id, path, index, caseSensitive } = route as NonNullable<typeof route>;
      const children = routeTree(routes, id);
      return { id, path, index, caseSensitive, ...(children.length > 0 ? { children } : {}) } as RouteObject;
    });
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
  // Bounded in bytes too: a visitor chooses the paths (and the cookies below), up to 16 KB each.
  const known = new LRUCache<string, SharedWith>({
    max: 10_000,
    maxSize: 2_000_000,
    sizeCalculation: (_, path) => path.length,
  });
  const shareableWith = (pathname: string) => {
    let answer = known.get(pathname);
    if (answer === undefined) {
      const routeIds = (matchRoutes(tree, pathname) ?? []).map((match) => match.route.id ?? '');
      // A data request (`.data`) is never a page: it carries the visitor's own root data.
      answer = pathname.endsWith('.data') ? 'nobody' : sharedWith(routeIds);
      known.set(pathname, answer);
    }
    return answer;
  };
  // A visitor sends the same cookies with every page: who they make is kept a moment (a session's expiry is
  // checked with 5 s to spare, so a couple of seconds changes nothing).
  const visitors = new LRUCache<string, CopyVisitor<DocumentVisitor>>({
    max: 10_000,
    ttl: 2_000,
    maxSize: 4_000_000,
    sizeCalculation: (_, cookieHeader) => cookieHeader.length,
  });
  const knownVisitorOf = async (cookieHeader: string | undefined) => {
    if (!cookieHeader) return visitorOf(cookieHeader);
    let who = visitors.get(cookieHeader);
    if (!who) {
      who = await visitorOf(cookieHeader);
      visitors.set(cookieHeader, who);
    }
    return who;
  };
  return createPageCache({
    render: createRequestHandler(build, mode),
    origin,
    sharedWith: shareableWith,
    hasSession: (visitor) => visitor.user !== null,
    visitorOf: knownVisitorOf,
    visitorPart,
    dataVersion,
    ttlMs,
  });
}
