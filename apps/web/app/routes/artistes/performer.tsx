import { PlaceholderPage } from '../../components/placeholder-page';
import { pageMeta } from '../../lib/meta';
import { requireNumericId } from '../../lib/route-params';
import type { Route } from './+types/performer';

export function loader({ params, request }: Route.LoaderArgs) {
  return { performerID: requireNumericId(params.performerID, request) };
}

export default function Performer() {
  return <PlaceholderPage title="Artiste" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: 'Artiste', description: 'Biographie, actualités et prochaines dates de cet artiste.' }, args);
