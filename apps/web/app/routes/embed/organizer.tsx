import { PlaceholderPage } from '../../components/placeholder-page';
import { pageMeta } from '../../lib/meta';
import { requireNumericId } from '../../lib/route-params';
import type { Route } from './+types/organizer';

export function loader({ params, request }: Route.LoaderArgs) {
  return { entityID: requireNumericId(params.entityID, request) };
}

export default function EmbedOrganizer() {
  return <PlaceholderPage title="Organisateur" />;
}

// The embedded copy points search engines to the page on this site.
export const meta: Route.MetaFunction = ({ params, ...args }) =>
  pageMeta({ title: 'Organisateur', path: `/organizer/${params.entityID}` }, args);
