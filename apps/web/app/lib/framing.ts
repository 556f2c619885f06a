/**
 * Who may show our pages in a frame. Embed pages are made to be framed by any site; every other document
 * refuses framing by another site (clickjacking): CSP frame-ancestors for today's browsers, X-Frame-Options
 * for older ones.
 */
export function isEmbedPath(pathname: string): boolean {
  return pathname === '/embed' || pathname.startsWith('/embed/');
}

export function setFramingHeaders(headers: Headers, pathname: string): void {
  if (isEmbedPath(pathname)) {
    headers.set('Content-Security-Policy', 'frame-ancestors *');
    headers.delete('X-Frame-Options');
  } else {
    headers.set('Content-Security-Policy', "frame-ancestors 'self'");
    headers.set('X-Frame-Options', 'SAMEORIGIN');
  }
}
