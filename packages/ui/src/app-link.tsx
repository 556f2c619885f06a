import { withCseQuery } from '@guichet/domain';
import { Link, type LinkProps, NavLink, type NavLinkProps, useSearchParams } from 'react-router';

/** Turns an internal target into one that keeps the CSE journey (type=CSE / cseID) when the visitor is in it. */
export function useSiteHref() {
  const [searchParams] = useSearchParams();
  return (to: string) => withCseQuery(to, searchParams);
}

type StringTo<P> = Omit<P, 'to'> & { to: string };

/**
 * The site's internal link: a React Router link that keeps a works-council visitor in CSE mode,
 * so they never fall back into the public navigation. Use it for every internal link.
 */
export function AppLink({ to, ...props }: StringTo<LinkProps>) {
  const siteHref = useSiteHref();
  return <Link to={siteHref(to)} {...props} />;
}

export function AppNavLink({ to, ...props }: StringTo<NavLinkProps>) {
  const siteHref = useSiteHref();
  return <NavLink to={siteHref(to)} {...props} />;
}
