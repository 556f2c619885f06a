import { PlaceholderPage } from '../components/placeholder-page';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/agenda';

export default function Agenda() {
  return <PlaceholderPage title="Agenda des événements" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Agenda des événements',
      description: 'Concerts, spectacles, festivals et sorties : tous les événements à venir, jour après jour.',
    },
    args,
  );
