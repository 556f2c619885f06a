import { PlaceholderPage } from '../../components/shell/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/participate';

export default function ContestGameParticipate() {
  return <PlaceholderPage title="Participer" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: 'Participer', description: 'Participez à ce jeu-concours et tentez de gagner.' }, args);
