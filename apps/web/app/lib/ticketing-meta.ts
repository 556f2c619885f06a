import type { TicketingDetail } from '@guichet/contracts';
import { eventJsonLd, eventWhen, isEventPeriod, ticketingPath, upperFirst } from '@guichet/domain';
import type { MetaDescriptor } from 'react-router';
import { absoluteUrl, type MetaContext, pageMeta, renderedAtFrom, type ShareImage, siteUrlFrom } from './meta';

const IMAGE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The MIME type of an image from its extension, when it is a known one. */
export function imageTypeOf(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  return extension ? IMAGE_TYPES[extension] : undefined;
}

/**
 * A ticketing's metadata, on its page and when it opens over a listing: title, description, its first
 * visual for social previews, the canonical link to its own page, and its schema.org Event (JSON-LD).
 */
export function ticketingMeta(ticketing: TicketingDetail, context: MetaContext): MetaDescriptor[] {
  const path = ticketingPath(ticketing);
  const siteUrl = siteUrlFrom(context.matches);
  const hero = ticketing.visuals[0];
  const cancelled = ticketing.status === 'CANCELLED';
  const image: ShareImage | undefined = hero
    ? { url: hero.url, alt: hero.alt, width: hero.width, height: hero.height, type: imageTypeOf(hero.url) }
    : undefined;
  const now = renderedAtFrom(context.matches) ?? Date.now();
  // « Le samedi 14 mars 2027 à 20 h 00, … » for a performance, « Du … au … » / « Jusqu’au … » for a period.
  const when = eventWhen(ticketing, now).label;
  const descriptors = pageMeta(
    {
      title: `${ticketing.title} – ${ticketing.city}${cancelled ? ' (annulé)' : ''}`,
      description: `${cancelled ? 'Événement annulé. ' : ''}${ticketing.summary} ${upperFirst(isEventPeriod(ticketing.startsAt, ticketing.endsAt) ? when : `le ${when}`)}, ${ticketing.venue}, ${ticketing.city}.`,
      path,
      ...(image ? { image } : {}),
    },
    context,
  );
  descriptors.push({
    'script:ld+json': eventJsonLd(
      { ...ticketing, organizer: { name: ticketing.organizer.name, url: `/organizer/${ticketing.organizer.id}` } },
      { url: absoluteUrl(siteUrl, path), siteUrl: siteUrl ?? '', now },
    ),
  });
  return descriptors;
}
