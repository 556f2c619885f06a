import type { TicketingDetail } from '@guichet/contracts';
import { eventJsonLd, eventWhen, isEventPeriod, ticketingPath, upperFirst } from '@guichet/domain';
import { imageTypeOf } from '../lib/image-type';
import type { PageMetaOptions, ShareImage } from '../lib/meta';
import { absoluteUrl } from '../lib/meta';
import { serverEnv } from '../lib/server/env.server';

/** What a ticketing's head says, shaped by the loader: `headMeta` (meta.ts) turns it into descriptors. */
export type TicketingHead = { page: PageMetaOptions; jsonLd: Record<string, unknown> };

/**
 * A ticketing's head — title, description, first visual, canonical path and its schema.org Event —, built by
 * the loaders (on the server, client navigations included) so the browser never loads the JSON-LD builder nor
 * the date wording (docs/decisions/0052). `siteUrl` is SITE_URL as the root publishes it; `now` the instant
 * of the request (the root loader's own `now` is taken in the same request, milliseconds apart).
 */
export function ticketingHead(
  ticketing: TicketingDetail,
  { siteUrl = siteUrlOf(serverEnv.SITE_URL), now = Date.now() }: { siteUrl?: string | null; now?: number } = {},
): TicketingHead {
  const path = ticketingPath(ticketing);
  const hero = ticketing.visuals[0];
  const cancelled = ticketing.status === 'CANCELLED';
  const image: ShareImage | undefined = hero
    ? { url: hero.url, alt: hero.alt, width: hero.width, height: hero.height, type: imageTypeOf(hero.url) }
    : undefined;
  // « Le samedi 14 mars 2027 à 20 h 00, … » for a performance, « Du … au … » / « Jusqu’au … » for a period.
  const when = eventWhen(ticketing, now).label;
  return {
    page: {
      title: `${ticketing.title} – ${ticketing.city}${cancelled ? ' (annulé)' : ''}`,
      description: `${cancelled ? 'Événement annulé. ' : ''}${ticketing.summary} ${upperFirst(isEventPeriod(ticketing.startsAt, ticketing.endsAt) ? when : `le ${when}`)}, ${ticketing.venue}, ${ticketing.city}.`,
      path,
      ...(image ? { image } : {}),
    },
    jsonLd: eventJsonLd(
      { ...ticketing, organizer: { name: ticketing.organizer.name, url: `/organizer/${ticketing.organizer.id}` } },
      { url: absoluteUrl(siteUrl, path), siteUrl: siteUrl ?? '', now },
    ),
  };
}

/** SITE_URL as `siteUrlFrom` reads it from the root's data: no trailing slash, null when empty. */
function siteUrlOf(siteUrl: string | undefined): string | null {
  return siteUrl ? siteUrl.replace(/\/+$/, '') : null;
}
