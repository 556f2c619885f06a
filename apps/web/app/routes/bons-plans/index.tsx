import { PlaceholderPage } from '../../components/shell/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/index';

export default function BonsPlans() {
  return <PlaceholderPage title="Bons plans" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Bons plans',
      description: 'Des réductions sur vos sorties, loisirs et spectacles, à saisir avant épuisement.',
    },
    args,
  );
