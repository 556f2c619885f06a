/**
 * The preview link of a ticketing (« A preview shows the public page of a draft as a buyer will see it »): the
 * public site's /apercu/billetterie/{token}, where the token names the ticketing and when the link expires,
 * signed under its own label. Whoever holds it sees that one ticketing, draft included, for an hour: long
 * enough to check a page or send it to a colleague, short enough that a forwarded link soon shows nothing.
 */
import { signedLinks } from '../../lib/signed-links.js';

export const PREVIEW_LINK_TTL_MS = 3_600_000;

export type PreviewLinks = {
  create(ticketingId: number, now: Date): { token: string; expiresAt: Date };
  /** The ticketing a token names while it is valid at `now`; null for a forged, altered or expired one. */
  read(token: string, now: Date): number | null;
};

export function previewLinks(jwtSecret: string): PreviewLinks {
  const links = signedLinks(jwtSecret, 'ticketing-preview');
  return {
    create(ticketingId, now) {
      const expires = Math.ceil((now.getTime() + PREVIEW_LINK_TTL_MS) / 1000);
      const subject = `${ticketingId}.${expires}`;
      return { token: `${subject}.${links.sign(subject)}`, expiresAt: new Date(expires * 1000) };
    },
    read(token, now) {
      const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]+)$/.exec(token);
      if (!match?.[1] || !match[2] || !match[3]) return null;
      if (!links.verify(`${match[1]}.${match[2]}`, match[3])) return null;
      if (Number(match[2]) * 1000 <= now.getTime()) return null;
      return Number(match[1]);
    },
  };
}
