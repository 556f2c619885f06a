import { Outlet } from 'react-router';

/** Pages embedded in other sites: no header, no footer, little padding. */
export default function EmbedLayout() {
  return (
    <main id="contenu" tabIndex={-1} className="p-2 focus:outline-none">
      <Outlet />
    </main>
  );
}
