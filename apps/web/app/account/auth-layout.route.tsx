import { Outlet } from 'react-router';
import { requireGuest } from '../lib/server/guards.server';
import type { Route } from './+types/auth-layout.route';

/** Guest only (spec sections 2 and 6): a logged-in visitor is sent to the home link, for login and register alike. */
export function loader({ context }: Route.LoaderArgs) {
  requireGuest(context);
  return null;
}

/** Login and registration share a narrow column. */
export default function AuthLayout() {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      <Outlet />
    </div>
  );
}
