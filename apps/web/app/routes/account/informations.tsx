import { PlaceholderPage } from '../../components/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/informations';

export default function AccountInformations() {
  return <PlaceholderPage title="Mes informations" />;
}

export const meta: Route.MetaFunction = (args) => pageMeta({ title: 'Mes informations', robots: 'noindex' }, args);
