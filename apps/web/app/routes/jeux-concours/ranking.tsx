import { PlaceholderPage } from '../../components/shell/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/ranking';

export default function ContestGameRanking() {
  return <PlaceholderPage title="Classement" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: 'Classement', description: 'Le classement des participants de ce jeu-concours.' }, args);
