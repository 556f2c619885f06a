import { useSiteHref } from '@guichet/ui/app-link';
import { Button } from '@guichet/ui/button';
import { LogOut } from '@guichet/ui/icons';
import { type SectionLink, SectionNav } from '@guichet/ui/section-nav';
import { Outlet } from 'react-router';
import { requireUser } from '../lib/server/guards.server';
import type { Route } from './+types/account-layout.route';

/**
 * Logged-in users only (spec sections 2 and 6): anyone else goes to the login page, which brings them back
 * to the page they asked for (redirectAfterLogin). Each page's loader checks again (a session can end
 * between two pages without this loader running again).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

/**
 * Account pages are one person's data: never kept by a browser or a shared cache (the back button after
 * logging out, a shared computer, a proxy). Child routes without a `headers` export inherit this answer;
 * one that adds its own must start from `parentHeaders` (account-headers.test.ts checks they all do).
 */
export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'no-store');
  return headers;
}

const links: SectionLink[] = [
  { to: '/account', label: "Vue d'ensemble", end: true },
  { to: '/account/informations', label: 'Mes informations', end: false },
  { to: '/account/orders', label: 'Mes commandes', end: false },
];

/** The account pages, their menu and the logout button. */
export default function AccountLayout() {
  const siteHref = useSiteHref();
  return (
    <div className="container-page py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3">
        <SectionNav label="Mon compte" links={links} />
        {/* A plain POST form: logging out reloads the whole page, so nothing of the session stays in it. */}
        <form method="post" action={siteHref('/logout')}>
          <Button type="submit" variant="tertiary" icon={<LogOut className="size-5" aria-hidden="true" />}>
            Se déconnecter
          </Button>
        </form>
      </div>
      <div className="pt-8">
        <Outlet />
      </div>
    </div>
  );
}
