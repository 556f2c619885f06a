/**
 * Who may show our pages in a frame. Embed pages are made to be framed by any site; every other document
 * refuses framing by another site (clickjacking): CSP frame-ancestors for today's browsers, X-Frame-Options
 * for older ones. The payment page, where a card number is typed, is framed by no one, not even this site:
 * payment always happens top-level.
 */
export function isEmbedPath(pathname: string): boolean {
  return pathname === '/embed' || pathname.startsWith('/embed/');
}

/** The demo provider's hosted payment page. */
export function isPaymentPath(pathname: string): boolean {
  return pathname === '/payment';
}

export function setFramingHeaders(headers: Headers, pathname: string): void {
  if (isPaymentPath(pathname)) {
    headers.set('Content-Security-Policy', "frame-ancestors 'none'");
    headers.set('X-Frame-Options', 'DENY');
  } else if (isEmbedPath(pathname)) {
    headers.set('Content-Security-Policy', 'frame-ancestors *');
    headers.delete('X-Frame-Options');
  } else {
    headers.set('Content-Security-Policy', "frame-ancestors 'self'");
    headers.set('X-Frame-Options', 'SAMEORIGIN');
  }
}
