import { homeLinkFor, isCseMode, PRO_PATHS } from '@guichet/domain';
import { CircleHelp, Menu, Search, Store, X } from '@guichet/ui/icons';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useMatches, useSearchParams } from 'react-router';
import { useRootData } from '../lib/hooks/use-root-data';
import type { PublicEnv } from '../lib/public-env';
import type { SessionUser } from '../lib/session-user';
import { LazySearchCombobox } from '../search/lazy-search-combobox';
import { Logo } from './logo';
import { VisitorLinks } from './visitor-links';

type NavItem = { to: string; label: string };

/** The header's site navigation: Billetteries always, the other sites only with preview features. */
export function navItems(previewFeatures: boolean): NavItem[] {
  const items: NavItem[] = [{ to: '/', label: 'Billetteries' }];
  if (previewFeatures) {
    items.push(
      { to: '/artistes', label: 'Artistes' },
      { to: '/jeux-concours', label: 'Jeux-concours' },
      { to: '/bons-plans', label: 'Bons plans' },
      { to: '/magazine', label: 'Le Mag' },
    );
  }
  return items;
}

/** The paths of the ticketing site besides its home: the listing, a ticketing's page, an organizer's. */
const TICKETING_PATHS = ['/billetteries', '/billetterie', '/organizer'];

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Whether a navigation item stands for the page shown: « Billetteries » for the ticketing pages too. */
export function isCurrentNavItem(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/' || TICKETING_PATHS.some((base) => isUnder(pathname, base));
  return isUnder(pathname, to);
}

const navLinkClass = (isActive: boolean) =>
  `inline-flex min-h-11 items-center rounded-md px-2 font-medium no-underline hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? 'text-brand-800 underline decoration-2 underline-offset-8' : 'text-slate-700'
  }`;

const secondaryLinkClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md px-1 text-sm font-medium text-slate-700 no-underline hover:text-brand-800 hover:underline';

/**
 * `env` is null when the root loader failed (the error page still gets a header, without the
 * links that need configuration).
 */
export function Header({
  env,
  user,
  cartCount = 0,
}: {
  env: PublicEnv | null;
  user: SessionUser | null;
  cartCount?: number;
}) {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  // The cart button: preview features only, and never on the cart page itself (the route named cart).
  const onCartRoute = useMatches().some((match) => match.id === 'cart');
  const showCart = Boolean(env?.previewFeatures) && !onCartRoute;
  // CSE mode: no navigation, no buttons, and the logo leads nowhere.
  const cse = isCseMode(searchParams);

  const items = navItems(env?.previewFeatures ?? false);
  const visitor = {
    user: user ? { id: user.id, firstname: user.firstname } : null,
    cartCount,
    cartFromAccount: useRootData()?.cartFromAccount ?? [],
  };

  return (
    <header className="relative border-b border-slate-200 bg-white">
      {cse || !env ? null : (
        // Wide screens: the links that leave the site sit in a thin bar above the site's own navigation.
        <div className="hidden border-b border-slate-100 bg-slate-50 lg:block">
          <div className="container-page flex justify-end">
            <ExternalLinks env={env} className="flex gap-x-5" />
          </div>
        </div>
      )}
      {/* Narrow screens: a grid, so the search box gets a row of its own under the logo and the buttons. */}
      <div className="container-page grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-2 gap-y-2 py-2 sm:gap-x-4 sm:py-3 md:flex">
        <div className="py-1">
          <Logo to={cse ? null : homeLinkFor(pathname)} />
        </div>
        {cse ? null : (
          <>
            <nav aria-label="Navigation principale" className="hidden lg:block">
              <NavList items={items} />
            </nav>
            {env?.previewFeatures ? <HeaderSearch /> : null}
            <div className="ml-auto flex items-center gap-1.5 justify-self-end sm:gap-2">
              {env?.previewFeatures ? <SearchPageLink /> : null}
              <VisitorLinks visitor={visitor} showCart={showCart} />
              <MobileMenu items={items} env={env} />
            </div>
          </>
        )}
      </div>
    </header>
  );
}

/**
 * The site search (preview only, like the artists and deals it finds): on a row of its own under the logo on
 * narrow screens (no horizontal scroll at 360 px), beside the buttons from md, beside the navigation from
 * xl; between lg and xl the navigation leaves it no room, and a link to the search page stands for it.
 * Its suggestions load after the page (docs/decisions/0052): a plain search form until then.
 */
function HeaderSearch() {
  return (
    <div className="order-last col-span-2 md:order-none md:min-w-0 md:max-w-sm md:flex-1 lg:hidden xl:block xl:max-w-md">
      <LazySearchCombobox
        id="recherche-site"
        action="/recherche"
        label="Rechercher sur Guichet"
        labelHidden
        placeholder="Spectacle, artiste…"
        suggestionsUrl="/recherche/suggestions"
        // Not « Rechercher »: a page's own search button keeps that name to itself.
        submitLabel="Lancer la recherche"
      />
    </div>
  );
}

function SearchPageLink() {
  return (
    <Link
      to="/recherche"
      aria-label="Rechercher sur Guichet"
      className="hidden size-11 items-center justify-center rounded-full border-2 border-slate-300 text-slate-800 hover:bg-slate-100 lg:inline-flex xl:hidden"
    >
      <Search className="size-5" aria-hidden="true" />
    </Link>
  );
}

function NavList({ items, stacked = false }: { items: NavItem[]; stacked?: boolean }) {
  const { pathname } = useLocation();
  return (
    <ul className={stacked ? 'flex flex-col' : '-mx-2 flex gap-x-1 whitespace-nowrap'}>
      {items.map((item) => {
        const current = isCurrentNavItem(item.to, pathname);
        return (
          <li key={item.to}>
            <Link to={item.to} aria-current={current ? 'page' : undefined} className={navLinkClass(current)}>
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function ExternalLinks({ env, className }: { env: PublicEnv; className: string }) {
  return (
    <ul className={className}>
      <li>
        <a href={env.supportUrl} rel="noopener" className={secondaryLinkClass}>
          <CircleHelp className="size-4" aria-hidden="true" />
          Aide
        </a>
      </li>
      <li>
        <a href={`${env.proUrl}${PRO_PATHS.signup}`} rel="noopener" className={secondaryLinkClass}>
          <Store className="size-4" aria-hidden="true" />
          Ouvrir une billetterie
        </a>
      </li>
    </ul>
  );
}

/**
 * The menu of narrow screens: a native disclosure (<details>), so it opens with Enter or Space, is
 * announced as expanded or collapsed, and works before JavaScript loads. It closes after a navigation
 * and with Escape.
 */
function MobileMenu({ items, env }: { items: NavItem[]; env: PublicEnv | null }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const shownAt = useRef(`${location.pathname}${location.search}`);
  // Closing reacts to a new location only: a menu opened before the page became interactive stays open
  // when React hydrates (the effect's first run).
  useEffect(() => {
    const here = `${location.pathname}${location.search}`;
    if (here === shownAt.current) return;
    shownAt.current = here;
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);

  return (
    <details
      ref={menu}
      className="group lg:hidden"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menu.current?.open) {
          menu.current.open = false;
          menu.current.querySelector('summary')?.focus();
        }
      }}
    >
      <summary className="inline-flex size-10 sm:size-11 cursor-pointer list-none items-center justify-center rounded-full border-2 border-slate-300 text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <Menu className="size-5 group-open:hidden" aria-hidden="true" />
        <X className="hidden size-5 group-open:block" aria-hidden="true" />
        <span className="sr-only">Menu</span>
      </summary>
      <div className="absolute inset-x-0 top-full z-30 border-b border-slate-200 bg-white shadow-lg">
        <div className="container-page space-y-3 py-3">
          <nav aria-label="Navigation principale">
            <NavList items={items} stacked />
          </nav>
          {env ? <ExternalLinks env={env} className="flex flex-col border-t border-slate-200 pt-2" /> : null}
        </div>
      </div>
    </details>
  );
}
