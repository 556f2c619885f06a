import { PlaceholderPage } from '../../components/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/index';

export default function Artistes() {
  return <PlaceholderPage title="Artistes" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Artistes',
      description: 'Les artistes en tournée et leurs prochaines dates de concerts et de spectacles.',
    },
    args,
  );
