import type { ReactNode } from 'react';
import type { PublicEnv } from '../lib/public-env';
import type { SessionUser } from '../lib/session-user';
import { Footer } from './footer';
import { Header } from './header';

/** The default look: header, the page in main#contenu (target of the skip link), footer. */
export function DefaultFrame({
  env,
  user,
  cartCount = 0,
  children,
}: {
  env: PublicEnv | null;
  user: SessionUser | null;
  cartCount?: number;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header env={env} user={user} cartCount={cartCount} />
      <main id="contenu" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
