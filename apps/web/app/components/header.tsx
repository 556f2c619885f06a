import { homeLinkFor, isCseMode } from '@guichet/domain';
import { CircleHelp, ShoppingCart, Store, UserRound } from 'lucide-react';
import { Link, NavLink, useLocation, useMatches, useSearchParams } from 'react-router';
import type { PublicEnv } from '../lib/public-env';
import type { SessionUser } from '../lib/user';
import { Logo } from './logo';

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

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
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

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-1 py-2 sm:py-3">
        <div className="order-1 py-1">
          <Logo to={cse ? null : homeLinkFor(pathname)} />
        </div>
        {cse ? null : (
          <>
            <nav aria-label="Navigation principale" className="order-5 w-full xl:order-2 xl:w-auto">
              <ul className="-mx-2 flex flex-wrap gap-x-1">
                {navItems(env?.previewFeatures ?? false).map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.to === '/'} className={navLinkClass}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            {env ? (
              <ul className="order-6 flex w-full flex-wrap gap-x-4 sm:order-3 sm:ml-auto sm:w-auto">
                <li>
                  <a href={env.supportUrl} rel="noopener" className={secondaryLinkClass}>
                    <CircleHelp className="size-4" aria-hidden="true" />
                    Aide
                  </a>
                </li>
                <li>
                  <a href={env.proUrl} rel="noopener" className={secondaryLinkClass}>
                    <Store className="size-4" aria-hidden="true" />
                    Ouvrir une billetterie
                  </a>
                </li>
              </ul>
            ) : null}
            <div className="order-2 ml-auto flex items-center gap-2 sm:order-4 sm:ml-0">
              {showCart ? <CartButton count={cartCount} /> : null}
              {user ? (
                <Link to="/account/orders" className="btn btn-primary">
                  <UserRound className="size-5" aria-hidden="true" />
                  <span className="max-w-40 truncate">{user.firstname}</span>
                </Link>
              ) : (
                <Link to="/auth/login" className="btn btn-primary">
                  <UserRound className="size-5" aria-hidden="true" />
                  Connexion
                </Link>
              )}
            </div>
          </>
        )}
      </div>
    </header>
  );
}

function CartButton({ count }: { count: number }) {
  const label = count === 0 ? 'Panier vide' : `Panier, ${count} article${count > 1 ? 's' : ''}`;
  return (
    <Link
      to="/cart"
      aria-label={label}
      className="relative inline-flex size-11 items-center justify-center rounded-full border-2 border-brand-700 text-brand-800 hover:bg-brand-50"
    >
      <ShoppingCart className="size-5" aria-hidden="true" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -right-1 -top-1 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-800 px-1 text-xs font-bold text-white"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}
