import { PlaceholderPage } from '../../components/shell/placeholder-page';
import { pageMeta } from '../../lib/meta';
import { requireNumericId } from '../../lib/route-params';
import type { Route } from './+types/offer';

export function loader({ params, request }: Route.LoaderArgs) {
  return { offerID: requireNumericId(params.offerID, request) };
}

export default function Offer() {
  return <PlaceholderPage title="Bon plan" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: 'Bon plan', description: 'Le détail de ce bon plan, ses conditions et ses tarifs.' }, args);
