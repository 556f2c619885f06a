import { PlaceholderPage } from '../components/shell/placeholder-page';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/download';

export default function Download() {
  return <PlaceholderPage title="Téléchargement de vos billets" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: 'Téléchargement de vos billets', robots: 'noindex' }, args);
