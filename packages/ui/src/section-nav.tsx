import { AppNavLink } from './app-link';

export type SectionLink = { to: string; label: string; end: boolean };

/** The pill navigation between the pages of one section (an account, a contest game). */
export function SectionNav({
  label,
  links,
  className = '',
}: {
  label: string;
  links: SectionLink[];
  className?: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className={`flex flex-wrap gap-2 ${className}`}>
        {links.map((link) => (
          <li key={link.to}>
            <AppNavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-full px-4 font-medium no-underline ${
                  isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-brand-50'
                }`
              }
            >
              {link.label}
            </AppNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
