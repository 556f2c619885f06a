import { PlaceholderPage } from '../../components/shell/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/index';

export default function Magazine() {
  return <PlaceholderPage title="Le Mag" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Le Mag',
      description: 'Le Mag de Guichet : actualités, interviews et coups de cœur de la scène culturelle.',
    },
    args,
  );
