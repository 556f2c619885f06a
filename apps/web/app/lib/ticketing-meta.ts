import type { MetaDescriptor } from 'react-router';
import { type MetaContext, pageMeta } from './meta';
import type { TicketingHead } from './ticketing-head.server';

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
 * visual for social previews, the canonical link to its own page, and its schema.org Event (JSON-LD), from
 * the head its loader built (ticketing-head.server.ts).
 */
export function ticketingMeta(head: TicketingHead, context: MetaContext): MetaDescriptor[] {
  return [...pageMeta(head.page, context), { 'script:ld+json': head.jsonLd }];
}
