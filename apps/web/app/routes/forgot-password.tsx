import { PlaceholderPage } from '../components/placeholder-page';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/forgot-password';

export default function ForgotPassword() {
  return <PlaceholderPage title="Mot de passe oublié" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Mot de passe oublié',
      description: 'Recevez un lien pour choisir un nouveau mot de passe.',
      robots: 'noindex',
    },
    args,
  );
