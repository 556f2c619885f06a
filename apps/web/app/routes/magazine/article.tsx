import { PlaceholderPage } from '../../components/shell/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/article';

export default function Article() {
  return <PlaceholderPage title="Article" />;
}

export const meta: Route.MetaFunction = (args) => pageMeta({ title: 'Article', type: 'article' }, args);
