import { PlaceholderPage } from '../components/shell/placeholder-page';
import { pageMeta } from '../lib/meta';
import { requireNumericId, requireTicketingId } from '../lib/route-params';
import type { Route } from './+types/survey';

export function loader({ params, request }: Route.LoaderArgs) {
  return {
    surveyID: requireNumericId(params.surveyID, request),
    ticketingID: requireTicketingId(params.ticketingID, request),
    userID: requireNumericId(params.userID, request),
  };
}

export default function Survey() {
  return <PlaceholderPage title="Donnez votre avis" />;
}

export const meta: Route.MetaFunction = (args) => pageMeta({ title: 'Donnez votre avis', robots: 'noindex' }, args);
