import { errorMessageFor } from '@guichet/domain';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { DefaultFrame } from './components/default-frame';
import { ErrorPage } from './components/error-page';
import { publicEnv } from './lib/env.server';
import { pageMeta } from './lib/meta';
import { useRootData } from './lib/root-data';
import type { SessionUser } from './lib/user';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function loader(_: Route.LoaderArgs) {
  // Accounts come with the session cookies; until then everyone is a guest.
  return { env: publicEnv(), user: null as SessionUser | null };
}

export function Layout({ children }: { children: ReactNode }) {
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
        <a href="#contenu" className="skip-link">
          Aller au contenu
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

function statusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

export const meta: Route.MetaFunction = ({ error, location, matches }) => {
  if (!error) return [];
  const status = statusOf(error);
  return pageMeta(
    { title: `${status} ${errorMessageFor(status)}`, robots: 'noindex', canonical: false },
    { location, matches },
  );
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Undefined when the root loader itself failed: the header then shows only what needs no configuration.
  const rootData = useRootData();
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <DefaultFrame env={rootData?.env ?? null} user={rootData?.user ?? null}>
      <ErrorPage status={statusOf(error)} details={details} />
    </DefaultFrame>
  );
}
