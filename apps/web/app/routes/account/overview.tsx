import { PlaceholderPage } from '../../components/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/overview';

export default function AccountOverview() {
  return <PlaceholderPage title="Mon compte" />;
}

export const meta: Route.MetaFunction = (args) => pageMeta({ title: 'Mon compte', robots: 'noindex' }, args);
