import { PlaceholderPage } from '../../components/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/register';

export default function Register() {
  return <PlaceholderPage title="Créer un compte" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Créer un compte',
      description: 'Créez votre compte Guichet pour acheter vos billets et suivre vos commandes.',
      robots: 'noindex',
    },
    args,
  );
