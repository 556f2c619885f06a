import { PlaceholderPage } from '../../components/placeholder-page';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/login';

export default function Login() {
  return <PlaceholderPage title="Connexion" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Connexion',
      description: 'Connectez-vous à votre compte Guichet pour retrouver vos billets et vos commandes.',
      robots: 'noindex',
    },
    args,
  );
