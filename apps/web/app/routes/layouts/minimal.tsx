import { Outlet } from 'react-router';
import { Logo } from '../../components/shell/logo';

/** Payment, download, survey, forgot-password: the logo and the content, no navigation. */
export default function MinimalLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="flex justify-center border-b border-slate-200 bg-white py-4">
        <Logo to="/" />
      </header>
      <main id="contenu" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
