import { AppLink } from '@guichet/ui/app-link';
import { LEGAL_PAGE_LIST } from '../legal/legal-pages';
import { LogoMark } from './logo';

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 text-slate-700">
      <div className="container-page grid gap-8 py-10 sm:grid-cols-3">
        <div className="space-y-3">
          <p className="inline-flex items-center gap-2 text-lg font-bold text-brand-900">
            <LogoMark className="size-6" />
            Guichet
          </p>
          <p className="text-sm">La billetterie en ligne des concerts, spectacles, festivals et sorties.</p>
        </div>
        <nav aria-label="Pied de page">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900">Découvrir</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <AppLink to="/billetteries" className="text-slate-700 hover:text-brand-800 hover:underline">
                Billetteries
              </AppLink>
            </li>
            <li>
              <AppLink to="/agenda" className="text-slate-700 hover:text-brand-800 hover:underline">
                Agenda des événements
              </AppLink>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900">Informations</h2>
          <p className="mt-3 text-sm">
            Paiement sécurisé, billets électroniques et prix affichés en euros toutes taxes comprises.
          </p>
        </div>
      </div>
      <div className="border-t border-slate-200">
        <ul className="container-page flex flex-wrap gap-x-6 gap-y-1 py-4 text-sm">
          <li>© Guichet</li>
          {LEGAL_PAGE_LIST.map((page) => (
            <li key={page.path}>
              <AppLink to={page.path} className="text-slate-700 hover:text-brand-800 hover:underline">
                {page.title}
              </AppLink>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
