import { PlaceholderPage } from '../../components/shell/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/search';

export default function BonsPlansSearch() {
  return <PlaceholderPage title="Rechercher un bon plan" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Rechercher un bon plan',
      description: 'Trouvez le bon plan qui vous correspond par lieu, date ou envie.',
    },
    args,
  );
