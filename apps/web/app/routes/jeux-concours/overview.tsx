import { PlaceholderPage } from '../../components/shell/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/overview';

export default function ContestGameOverview() {
  return <PlaceholderPage title="Jeu-concours" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    { title: 'Jeu-concours', description: 'Les lots à gagner, les règles et les dates de ce jeu-concours.' },
    args,
  );
