import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The source of a visit that came through no tagged link (contracts: DIRECT_SOURCE). */
const DIRECT_SOURCE = 'DIRECT';

/** The sources the API accepts (a word of letters, digits, dashes or underscores); anything else is DIRECT. */
export function viewSource(value: string | null | undefined): string {
  return value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : DIRECT_SOURCE;
}

/** The site's resource route that counts one view (it adds the public token the browser never sees). */
export const viewCounterPath = (ticketingID: number) => `/billetterie/${ticketingID}/vue`;

/**
 * Records one view of a ticketing once its page has loaded in a real browser: never during the server
 * render, never for crawlers, once per ticketing shown. Failures are ignored: counting must never disturb
 * the visit.
 */
export function useTicketingView(ticketingID: number) {
  const [searchParams] = useSearchParams();
  const source = viewSource(searchParams.get('source'));
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (counted.current === ticketingID) return;
    counted.current = ticketingID;
    // isbot's patterns (1.3 KB gzip) load after the page is shown, not with it (docs/decisions/0052).
    import('isbot')
      .then(({ isbot }) => {
        if (isbot(navigator.userAgent)) return;
        return fetch(viewCounterPath(ticketingID), {
          method: 'POST',
          // A form, as every post to the site (the root middleware refuses anything else).
          body: new URLSearchParams({ source }),
          keepalive: true,
        });
      })
      .catch(() => {});
  }, [ticketingID, source]);
}
