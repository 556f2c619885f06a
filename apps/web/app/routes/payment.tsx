import { PlaceholderPage } from '../components/shell/placeholder-page';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/payment';

export default function Payment() {
  return <PlaceholderPage title="Paiement" />;
}

export const meta: Route.MetaFunction = (args) => pageMeta({ title: 'Paiement', robots: 'noindex' }, args);
