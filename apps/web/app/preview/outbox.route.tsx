import { listOutbox } from '@guichet/contracts';
import { AppLink } from '@guichet/ui/app-link';
import { Mail } from '@guichet/ui/icons';
import { Table } from '@guichet/ui/table';
import { pageMeta } from '../lib/meta';
import { formatOrderDateTime } from '../lib/order-display';
import { notFound } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import { serverEnv } from '../lib/server/env.server';
import type { Route } from './+types/outbox.route';
import { requireLocalVisitor } from './local-only.server';

/**
 * Preview only (404 when PREVIEW_FEATURES=false): the e-mails the API wrote to its local outbox because no
 * SMTP server is configured, so a person trying the site can follow a password-reset link.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!serverEnv.PREVIEW_FEATURES) notFound(request);
  requireLocalVisitor(request);
  const answer = await apiFor(request).load(listOutbox, {});
  // The API serves its outbox only without SMTP_URL, outside production and to the machine itself.
  if (answer.status !== 200) return { available: false as const, messages: [] };
  return { available: true as const, messages: answer.body.messages };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { available, messages } = loaderData;
  return (
    <div className="container-page space-y-6 py-10 sm:py-14">
      <div className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Boîte d’envoi</h1>
        <p className="max-w-prose text-lg text-slate-700">
          Les e-mails que le site aurait envoyés (bienvenue, mot de passe oublié), tels qu’ils sont partis : cette page
          n’existe que sur les sites de démonstration, sans serveur d’e-mail.
        </p>
      </div>
      {available ? (
        <Table
          caption="E-mails envoyés, du plus récent au plus ancien"
          rows={messages}
          rowKey={(message) => message.id}
          empty="Aucun e-mail pour le moment."
          columns={[
            {
              key: 'subject',
              header: 'Objet',
              cell: (message) => (
                <AppLink
                  to={`/outbox/${message.id}`}
                  className="inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-4"
                >
                  <Mail className="size-4 shrink-0" aria-hidden="true" />
                  {message.subject}
                </AppLink>
              ),
            },
            { key: 'to', header: 'Destinataire', cell: (message) => message.to },
            { key: 'date', header: 'Envoyé le', cell: (message) => formatOrderDateTime(message.date) },
          ]}
        />
      ) : (
        <p className="max-w-prose rounded-xl border border-slate-200 bg-slate-50 p-6 text-slate-700">
          Un serveur d’e-mail est configuré (SMTP_URL) : les e-mails partent vraiment et ne sont pas gardés ici.
        </p>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    { title: 'Boîte d’envoi', description: 'Les e-mails envoyés par le site de démonstration.', robots: 'noindex' },
    args,
  );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
