import { proRefreshSession } from '@guichet/contracts';
import { NotificationsProvider } from '@guichet/ui/notifications';
import { siteDoor } from '@guichet/ui/site-session.server';
import { type ReactNode, useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { useNonce } from './lib/hooks/use-nonce';
import { proApiFor } from './lib/server/api.server';
import { serverEnv } from './lib/server/env.server';
import { takeNotice } from './lib/server/notice.server';
import { signedInPerson } from './lib/server/pro-me.server';
import { proSessionContext, resolveProSession } from './lib/server/session.server';
import { ErrorPage } from './shell/error-page';
import { ProFrame } from './shell/pro-frame';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * Before any loader or action, the door both sites share: a state-changing request from another site — the
 * public site included — is refused (403), every post is read once, bounded; then the organiser's session is
 * read once for every loader and action of the request (an expired access token renewed once with the refresh
 * cookie), and whatever it became is written to the response's cookies.
 */
export const middleware: Route.MiddlewareFunction[] = [
  siteDoor(
    () => serverEnv.PRO_URL,
    (request) =>
      resolveProSession(request, (refreshToken) =>
        proApiFor(request).send(proRefreshSession, { body: { refreshToken } }),
      ),
    proSessionContext,
  ),
];

/**
 * The header's person (name, or the links of someone signed out: GET /pro/me once per request, shared with
 * the page's loader) and a notice left by an action before its redirect (read once, then cleared).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [person, { notice, headers }] = await Promise.all([signedInPerson(request, context), takeNotice(request)]);
  return data({ person, notice }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Every navigation reads the header's person and a pending notice again (a login, a logout, a saved form). */
export function shouldRevalidate() {
  return true;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f172a" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#contenu" className="skip-link">
          Aller au contenu
        </a>
        <NotificationsProvider serverNotice={root?.notice ?? null}>
          <ProFrame person={root?.person ?? null}>{children}</ProFrame>
        </NotificationsProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Says the page is live (hydrated): end-to-end tests wait for it before using client-only behaviour.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

/** Pages give their own title; the error page's is its message. */
export const meta: Route.MetaFunction = ({ error }) =>
  error ? [{ title: `Erreur ${isRouteErrorResponse(error) ? error.status : 500} | Guichet Pro` }] : [];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} details={details} />;
}
