import { isCseMode } from '@guichet/domain';
import { Outlet, useSearchParams } from 'react-router';
import { Logo } from './logo';

/** Payment, download, survey, forgot-password: the logo and the content, no navigation. */
export default function MinimalLayout() {
  // CSE mode: the logo leads nowhere, as in the site's header (spec, the header).
  const [searchParams] = useSearchParams();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="flex justify-center border-b border-slate-200 bg-white py-4">
        <Logo to={isCseMode(searchParams) ? null : '/'} />
      </header>
      <main id="contenu" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
