import { PRO_PATHS } from '@guichet/domain';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { ADMIN_HOME } from '../admin/admin-paths';
import { PRO_ACCOUNT_PATHS } from '../lib/pro-paths';

/** Who the header shows as signed in, or null. */
export type HeaderPerson = { firstname: string; lastname: string; platformAdmin: boolean } | null;

/** The pro site's mark: the public site's ticket, in the pro site's slate, and its name. */
function Wordmark() {
  return (
    <Link
      to={PRO_PATHS.home}
      className="inline-flex items-center gap-2 text-xl font-extrabold tracking-tight text-slate-900 no-underline"
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#0f172a" />
        <path
          d="M7 10a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a3 3 0 0 0 0 6v3a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2v-3a3 3 0 0 0 0-6z"
          fill="#fff"
        />
      </svg>
      <span>
        Guichet <span className="text-brand-700">Pro</span>
      </span>
      <span className="sr-only"> – Tableau de bord</span>
    </Link>
  );
}

/** The header's account part: the signed-in person and « Déconnexion », or the ways in. */
function AccountNav({ person }: { person: HeaderPerson }) {
  if (person) {
    return (
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium">
        <p className="text-slate-700">
          <span className="sr-only">Connecté en tant que </span>
          {person.firstname} {person.lastname}
        </p>
        {person.platformAdmin ? <Link to={ADMIN_HOME}>Administration</Link> : null}
        <Form method="post" action={PRO_ACCOUNT_PATHS.logout}>
          <button type="submit" className="font-medium text-brand-700 underline underline-offset-4">
            Déconnexion
          </button>
        </Form>
      </div>
    );
  }
  return (
    <nav aria-label="Compte">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
        <li>
          <Link to={PRO_PATHS.login}>Connexion</Link>
        </li>
        <li>
          <Link to={PRO_PATHS.signup}>Ouvrir une billetterie</Link>
        </li>
      </ul>
    </nav>
  );
}

/**
 * Every pro page: the header (wordmark; the signed-in person and « Déconnexion », or the ways in — the
 * organiser's own navigation is its layout's), the page in main#contenu (target of the skip link).
 */
export function ProFrame({ person, children }: { person: HeaderPerson; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
          <Wordmark />
          <AccountNav person={person} />
        </div>
      </header>
      <main id="contenu" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
