// First: before any schema is built (see the module).
import '@guichet/ui/zod-in-browser';
import { refreshSession } from '@guichet/contracts';
import { cartItemCount, isChunkLoadError, isPreviewPath } from '@guichet/domain';
import { useNonce } from '@guichet/ui/hooks/use-nonce';
import { LoadingBar } from '@guichet/ui/loading-bar';
import { NotificationsProvider } from '@guichet/ui/notifications';
import { SESSION_STORAGE_FALLBACK_SCRIPT } from '@guichet/ui/safe-storage';
import { siteDoor } from '@guichet/ui/site-session.server';
import { type ReactNode, useEffect } from 'react';
import { data, Links, Meta, Outlet, redirect, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { readCart, readFromAccount } from './cart/cart-cookie.server';
import { useRootData } from './lib/hooks/use-root-data';
import { errorStatus, pageMeta, refusalText } from './lib/meta';
import type { RootData } from './lib/root-data';
import { notFound, notFoundText } from './lib/route-params';
import { apiFor } from './lib/server/api.server';
import { keepCseJourney } from './lib/server/cse-journey.server';
import { currentUser } from './lib/server/current-user.server';
import { publicEnv, serverEnv } from './lib/server/env.server';
import { takeNotice } from './lib/server/notice.server';
import { resolveSession, sessionContext } from './lib/server/session.server';
import { BuildWatcher, reloadAfterChunkFailure } from './shell/build-watcher';
import { DefaultFrame } from './shell/default-frame';
import { ErrorPage } from './shell/error-page';
import { findRedirect, redirectLocation } from './shell/redirects.server';

export const links: Route.LinksFunction = () => [
  // With a precedence, React writes the stylesheet at the top of <head>, before the page's module preloads:
  // without it, the one render-blocking file queued behind ~45 scripts on a slow connection (Lighthouse).
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // Added to a phone's home screen: the app's name, colours and icons.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

/**
 * Before any loader or action, the door both sites share (@guichet/ui's site-session): a state-changing
 * request from another site is refused (403), every post read once, bounded; then the visitor's session is
 * resolved once (renewed if needed) for every loader and action of the request, and whatever it became
 * (renewed, logged in, logged out) is written to the response's cookies.
 */
export const middleware: Route.MiddlewareFunction[] = [
  // A redirect answered in CSE mode stays in it (docs/decisions/0044).
  async ({ request }, next) => keepCseJourney(request, await next()),
  siteDoor(
    () => serverEnv.SITE_URL,
    (request) =>
      resolveSession(request, (refreshToken) => apiFor(request).send(refreshSession, { body: { refreshToken } })),
    sessionContext,
  ),
];

/**
 * Runs on every document request and every client navigation (see shouldRevalidate): the redirect
 * table is asked for the path first, preview sections answer 404 when PREVIEW_FEATURES=false, then the
 * page gets the public configuration, the visitor, the cart count and a notice left by an action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await findRedirect(request);
  if (found) throw redirect(redirectLocation(found, url), found.permanent ? 301 : 302);
  if (!serverEnv.PREVIEW_FEATURES && isPreviewPath(url.pathname)) notFound(request);

  const [{ notice, headers }, cart, user, fromAccount] = await Promise.all([
    takeNotice(request),
    readCart(request),
    currentUser(request, context),
    readFromAccount(request),
  ]);
  return data(
    {
      env: publicEnv(),
      user,
      cartCount: cartItemCount(cart.cartItems),
      // The cart's lines the last login brought from the account (the cart page and modal say so).
      cartFromAccount: fromAccount.filter((productID) => cart.cartItems.some((line) => line.productID === productID)),
      notice,
      // The instant cards are dated from (running, over): the same on the server and at hydration.
      now: Date.now(),
    } satisfies RootData,
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Every navigation asks the server for a redirect of its path, so the root loader always runs again. */
export function shouldRevalidate() {
  return true;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3730a3" />
        <Meta />
        <Links />
      </head>
      <body>
        {/* Before any other script: a refused sessionStorage (an embed, third-party storage blocked) gets a
            stand-in, so React Router's scroll restoration never throws (lib/safe-storage.ts). It runs from the
            server's HTML: the browser bundle leaves it out (React keeps the hydrated element's content as it is). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, allowed by the CSP nonce.
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? SESSION_STORAGE_FALLBACK_SCRIPT : '' }}
        />
        <a href="#contenu" className="skip-link">
          Aller au contenu
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Says the page is live (hydrated): end-to-end tests wait for it before using client-only behaviour.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <NotificationsProvider serverNotice={loaderData.notice}>
      <LoadingBar />
      <BuildWatcher />
      <Outlet />
    </NotificationsProvider>
  );
}

/** Pages give their own metadata; the root's only shows when the error page replaces the whole document. */
export const meta: Route.MetaFunction = ({ error, location, matches }) =>
  error ? pageMeta({ title: '' }, { location, matches }) : [];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Undefined when the root loader itself failed: the header then shows only what needs no configuration.
  const rootData = useRootData();
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  useEffect(() => {
    // A chunk that no longer exists (a new build is out): reload, at most once per 10 s per path.
    if (isChunkLoadError(error)) reloadAfterChunkFailure();
  }, [error]);
  return (
    <NotificationsProvider>
      <LoadingBar failed />
      <DefaultFrame env={rootData?.env ?? null} user={rootData?.user ?? null} cartCount={rootData?.cartCount ?? 0}>
        <ErrorPage
          status={errorStatus(error)}
          details={details}
          explanation={refusalText(error) ?? notFoundText(error)}
        />
      </DefaultFrame>
    </NotificationsProvider>
  );
}
