/**
 * The page cache's two questions about a visitor (shell/page-cache.server.ts, docs/decisions/0050):
 * who do their cookies make them — read by the very functions the root reads them with, so the cache and the
 * pages can never disagree on a cookie — and what is their header part.
 */
import { cartItemCount } from '@guichet/domain';
import { NotificationsProvider } from '@guichet/ui/notifications';
import { LRUCache } from 'lru-cache';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { readCart, readFromAccount } from '../cart/cart-cookie.server';
import type { DocumentVisitor } from '../lib/document-visitor';
import { takeNotice } from '../lib/server/notice.server';
import { resolveSession } from '../lib/server/session.server';
import type { CopyVisitor } from './page-cache.server';
import { type Piece, VISITOR_TAG, visitorPiece } from './shared-copy.server';
import { VisitorLinks } from './visitor-links';

const NEEDS_REFRESH = Symbol('needs refresh');

/**
 * Anonymous: nothing of ours in the cookies. A visitor: a valid session or a cart, which a shared copy serves
 * with their header part. Their own page: a notice to show, or a session to refresh or to clear — what only a
 * rendering for them does (and whose cookies it sets).
 */
export async function visitorOf(cookieHeader: string | undefined): Promise<CopyVisitor<DocumentVisitor>> {
  if (!cookieHeader) return { kind: 'anonymous' };
  const request = new Request('http://localhost/', { headers: { Cookie: cookieHeader } });
  try {
    const [session, notice, cart, cartFromAccount] = await Promise.all([
      resolveSession(request, () => Promise.reject(NEEDS_REFRESH)),
      takeNotice(request),
      readCart(request),
      readFromAccount(request),
    ]);
    if (session.cookies.length > 0 || notice.headers.has('Set-Cookie')) return { kind: 'own' };
    const user = session.user ? { id: session.user.id, firstname: session.user.firstname } : null;
    const visitor = { user, cartCount: cartItemCount(cart.cartItems), cartFromAccount };
    if (!user && visitor.cartCount === 0 && cartFromAccount.length === 0) return { kind: 'anonymous' };
    return { kind: 'visitor', visitor };
  } catch (error) {
    if (error === NEEDS_REFRESH) return { kind: 'own' };
    throw error;
  }
}

/** The `<guichet-visitor>` element of `visitor`, rendered by the header's own component. */
export function renderVisitorLinks(visitor: DocumentVisitor, showCart: boolean): string {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <NotificationsProvider>
          <VisitorLinks visitor={visitor} showCart={showCart} />
        </NotificationsProvider>
      ),
    },
  ]);
  const html = renderToString(<RouterProvider router={router} />);
  const start = html.indexOf(`<${VISITOR_TAG}`);
  const end = html.indexOf(`</${VISITOR_TAG}>`) + VISITOR_TAG.length + 3;
  return html.slice(start, end);
}

/** Parts already rendered: a visitor asks for many pages, and many visitors have the same part. */
const parts = new LRUCache<string, Piece>({ max: 10_000 });

export function visitorPart(visitor: DocumentVisitor, showCart: boolean): Piece {
  const key = JSON.stringify([visitor, showCart]);
  let part = parts.get(key);
  if (!part) {
    part = visitorPiece(renderVisitorLinks(visitor, showCart));
    parts.set(key, part);
  }
  return part;
}
