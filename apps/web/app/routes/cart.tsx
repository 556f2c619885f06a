import { PlaceholderPage } from '../components/shell/placeholder-page';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/cart';

export default function Cart() {
  return <PlaceholderPage title="Mon panier" />;
}

export const meta: Route.MetaFunction = (args) => pageMeta({ title: 'Mon panier', robots: 'noindex' }, args);
