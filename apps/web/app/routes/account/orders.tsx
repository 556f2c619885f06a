import { PlaceholderPage } from '../../components/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/orders';

export default function AccountOrders() {
  return <PlaceholderPage title="Mes commandes" />;
}

export const meta: Route.MetaFunction = (args) => pageMeta({ title: 'Mes commandes', robots: 'noindex' }, args);
