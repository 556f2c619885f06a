import { getOutboxMessage } from '@guichet/contracts';
import { AppLink } from '@guichet/ui/app-link';
import { ButtonLink } from '@guichet/ui/button';
import { ArrowLeft } from '@guichet/ui/icons';
import { Fragment, type ReactNode } from 'react';
import { pageMeta } from '../lib/meta';
import { formatOrderDateTime } from '../lib/order-display';
import { notFound } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import { serverEnv } from '../lib/server/env.server';
import type { Route } from './+types/outbox-message.route';
import { requireLocalVisitor } from './local-only.server';

/** One e-mail of the outbox; the text part only (the HTML part is not put into the page). */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!serverEnv.PREVIEW_FEATURES) notFound(request);
  requireLocalVisitor(request);
  if (!/^[A-Za-z0-9-]{1,64}$/.test(params.messageId)) notFound(request);
  const answer = await apiFor(request).load(getOutboxMessage, { params: { id: params.messageId } });
  if (answer.status !== 200) notFound(request);
  const { id, to, subject, date, text } = answer.body;
  return { id, to, subject, date, text, siteOrigin: new URL(serverEnv.SITE_URL).origin };
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/g;

/**
 * A link of the e-mail as the page should offer it: a link to this site becomes a path (it works whatever
 * host name the site was opened with), any other http(s) address stays as it is.
 */
function hrefOf(url: string, siteOrigin: string): { href: string; internal: boolean } {
  try {
    const parsed = new URL(url);
    if (parsed.origin === siteOrigin)
      return { href: `${parsed.pathname}${parsed.search}${parsed.hash}`, internal: true };
  } catch {
    // Not a URL after all: shown as text below.
  }
  return { href: url, internal: false };
}

/** The text with its web addresses as real links (everything else stays text, escaped by React). */
function LinkedText({ text, siteOrigin }: { text: string; siteOrigin: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const start = match.index ?? 0;
    parts.push(<Fragment key={`t${start}`}>{text.slice(last, start)}</Fragment>);
    const { href, internal } = hrefOf(match[0], siteOrigin);
    parts.push(
      internal ? (
        <AppLink key={`l${start}`} to={href} className="text-brand-700 underline underline-offset-4">
          {match[0]}
        </AppLink>
      ) : (
        <a
          key={`l${start}`}
          href={href}
          rel="noopener noreferrer"
          className="text-brand-700 underline underline-offset-4"
        >
          {match[0]}
        </a>
      ),
    );
    last = start + match[0].length;
  }
  parts.push(<Fragment key="end">{text.slice(last)}</Fragment>);
  return <>{parts}</>;
}

export default function OutboxMessage({ loaderData }: Route.ComponentProps) {
  const { to, subject, date, text, siteOrigin } = loaderData;
  const resetLink = [...text.matchAll(URL_IN_TEXT)]
    .map((match) => hrefOf(match[0], siteOrigin))
    .find((link) => link.internal && link.href.startsWith('/forgot-password?token='));
  return (
    <div className="container-page space-y-6 py-10 sm:py-14">
      <AppLink
        to="/outbox"
        className="inline-flex items-center gap-2 font-medium text-brand-700 underline underline-offset-4"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Boîte d’envoi
      </AppLink>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{subject}</h1>
      <dl className="grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-700">
        <dt className="font-semibold text-slate-900">Destinataire</dt>
        <dd>{to}</dd>
        <dt className="font-semibold text-slate-900">Envoyé le</dt>
        <dd>{formatOrderDateTime(date)}</dd>
      </dl>
      {resetLink ? <ButtonLink to={resetLink.href}>Choisir un nouveau mot de passe</ButtonLink> : null}
      <pre className="max-w-3xl overflow-x-auto whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-slate-50 p-6 font-sans text-base text-slate-900">
        <LinkedText text={text} siteOrigin={siteOrigin} />
      </pre>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, ...args }) =>
  pageMeta({ title: loaderData?.subject ?? 'E-mail', robots: 'noindex' }, args);

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
