/**
 * /download?order=…&sig=… (minimal layout), the link of the confirmation e-mail, or /download?order=… for
 * the order's owner, logged in: the order's two documents, each a PDF served by its resource route
 * (download-document.ts). A link the API does not accept is the 403 page, which says so.
 */
import { DOCUMENT_MESSAGES, getOrder, getOrderDownload } from '@guichet/contracts';
import { AppLink, useSiteHref } from '@guichet/ui/app-link';
import { buttonClass } from '@guichet/ui/button';
import { FormAlert } from '@guichet/ui/form-alert';
import { FileText, Ticket } from '@guichet/ui/icons';
import { data } from 'react-router';
import { pageMeta } from '../lib/meta';
import { notFound } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import { requireUser } from '../lib/server/guards.server';
import { getSession } from '../lib/server/session.server';
import type { Route } from './+types/download.route';
import { invoicePdfPath, parseDocumentLink, ticketsPdfPath } from './download-links';

export async function loader({ request, context }: Route.LoaderArgs) {
  const link = parseDocumentLink(new URL(request.url)) ?? notFound(request);
  // Without the e-mail's signature, only the owner may download: log in first, then back here.
  const user = link.sig ? getSession(context).user : await requireUser(request, context);
  const api = apiFor(request, context);
  // The API alone knows whether this link is good; it answers with the order's public reference.
  const check = await api.send(getOrderDownload, {
    params: { orderID: link.order },
    query: link.sig ? { sig: link.sig } : {},
  });
  if (check.status === 404 || check.status === 400) notFound(request);
  if (check.status === 403) throw data(check.body.message || DOCUMENT_MESSAGES.forbidden, { status: 403 });
  if (check.status !== 200) throw data(check.body.message, { status: check.status });

  // The owner also gets a link to the order's page.
  const order = user ? await api.send(getOrder, { params: { id: user.id, orderID: link.order } }) : null;
  return data(
    {
      link,
      reference: check.body.reference,
      orderPath: order?.status === 200 ? `/account/orders/${link.order}` : null,
      notPaid: check.body.status === 'PAID' ? null : DOCUMENT_MESSAGES.notPaid,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export function headers({ loaderHeaders, parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', loaderHeaders.get('Cache-Control') ?? 'no-store');
  return headers;
}

export default function Download({ loaderData }: Route.ComponentProps) {
  const { link, reference, orderPath, notPaid } = loaderData;
  // A document that cannot be served sends back here: in CSE mode, with the journey's parameters.
  const siteHref = useSiteHref();
  return (
    <div className="space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Téléchargement de vos billets</h1>
      <p className="text-slate-700">Commande {reference}</p>
      {notPaid ? (
        <FormAlert>{notPaid}</FormAlert>
      ) : (
        <section aria-labelledby="documents" className="space-y-4">
          <h2 id="documents" className="sr-only">
            Documents
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            <li className="rounded-2xl border border-slate-200 bg-white p-5">
              <p className="flex items-center gap-2 font-semibold text-slate-900">
                <Ticket className="size-5 text-brand-700" aria-hidden="true" />
                Billets et bons
              </p>
              <p className="mt-1 text-sm text-slate-700">Une page par billet ou bon, avec son QR code.</p>
              <a href={siteHref(ticketsPdfPath(link))} className={buttonClass('action', 'mt-4 w-full')} download>
                Télécharger mes billets (PDF)
              </a>
            </li>
            <li className="rounded-2xl border border-slate-200 bg-white p-5">
              <p className="flex items-center gap-2 font-semibold text-slate-900">
                <FileText className="size-5 text-brand-700" aria-hidden="true" />
                Facture
              </p>
              <p className="mt-1 text-sm text-slate-700">Avec le détail de la TVA.</p>
              <a href={siteHref(invoicePdfPath(link))} className={buttonClass('secondary', 'mt-4 w-full')} download>
                Télécharger la facture (PDF)
              </a>
            </li>
          </ul>
        </section>
      )}
      {orderPath ? (
        <p>
          <AppLink to={orderPath} className="font-medium text-brand-700 underline underline-offset-4">
            Voir ma commande
          </AppLink>
        </p>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: 'Téléchargement de vos billets', robots: 'noindex' }, args);

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
