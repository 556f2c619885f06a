import { PlaceholderPage } from '../../components/placeholder-page';
import { pageMeta } from '../../lib/meta';
import { requireNumericId } from '../../lib/route-params';
import type { Route } from './+types/order';

export function loader({ params, request }: Route.LoaderArgs) {
  return { orderID: requireNumericId(params.orderID, request) };
}

export default function Order({ loaderData }: Route.ComponentProps) {
  return <PlaceholderPage title={`Commande n° ${loaderData.orderID}`} />;
}

export const meta: Route.MetaFunction = ({ loaderData, ...args }) =>
  pageMeta({ title: `Commande n° ${loaderData?.orderID ?? ''}`.trim(), robots: 'noindex' }, args);
