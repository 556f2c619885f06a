import { NavLink, Outlet } from 'react-router';

const links = [
  { to: '/account', label: "Vue d'ensemble", end: true },
  { to: '/account/informations', label: 'Mes informations', end: false },
  { to: '/account/orders', label: 'Mes commandes', end: false },
];

/** The account pages and their menu. Logged-in users only: the guard comes with accounts. */
export default function AccountLayout() {
  return (
    <div className="container-page pt-6">
      <nav aria-label="Mon compte">
        <ul className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center rounded-full px-4 font-medium no-underline ${
                    isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-brand-50'
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="-mx-4 sm:-mx-6">
        <Outlet />
      </div>
    </div>
  );
}
