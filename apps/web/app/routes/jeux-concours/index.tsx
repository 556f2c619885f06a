import { PlaceholderPage } from '../../components/shell/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/index';

export default function JeuxConcours() {
  return <PlaceholderPage title="Jeux-concours" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Jeux-concours',
      description: 'Participez aux jeux-concours et tentez de gagner des places pour les plus beaux événements.',
    },
    args,
  );
