import { Outlet } from 'react-router';
import { useReportEmbedHeight } from './use-embed-height';

/** Pages embedded in other sites: no header, no footer, little padding; the frame follows their height. */
export default function EmbedLayout() {
  useReportEmbedHeight();
  return (
    <main id="contenu" tabIndex={-1} className="p-2 focus:outline-none">
      <Outlet />
    </main>
  );
}
