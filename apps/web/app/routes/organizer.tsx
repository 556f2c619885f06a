import { PlaceholderPage } from '../components/placeholder-page';
import { pageMeta } from '../lib/meta';
import { requireNumericId } from '../lib/route-params';
import type { Route } from './+types/organizer';

export function loader({ params, request }: Route.LoaderArgs) {
  return { entityID: requireNumericId(params.entityID, request) };
}

export default function Organizer() {
  return <PlaceholderPage title="Organisateur" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    { title: 'Organisateur', description: "Les billetteries et les prochains événements de l'organisateur." },
    args,
  );
