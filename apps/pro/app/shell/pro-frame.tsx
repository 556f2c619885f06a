import { PRO_PATHS } from '@guichet/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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

/**
 * Every pro page: the header (wordmark, the navigation — placeholders until the dashboard's sections exist),
 * the page in main#contenu (target of the skip link).
 */
export function ProFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
          <Wordmark />
          <nav aria-label="Navigation de l’espace pro">
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
              <li>
                <Link to={PRO_PATHS.home}>Tableau de bord</Link>
              </li>
              <li>
                <Link to={PRO_PATHS.login}>Connexion</Link>
              </li>
              <li>
                <Link to={PRO_PATHS.signup}>Ouvrir une billetterie</Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="contenu" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
