/**
 * The security headers of every HTML page, set in one place (entry.server.tsx).
 *
 * - Content-Security-Policy: scripts only from this site, and inline ones only when they carry this
 *   response's nonce (React Router's hydration data and module loader, the scroll restoration); no plugins
 *   (`object-src 'none'`), no `<base>` (`base-uri 'none'`). Styles allow inline `style` attributes (the
 *   loading bar's width, the notifications' timers). Forms post to this site only (`form-action 'self'`: a
 *   script or markup slipped into a page cannot send what is typed elsewhere), and to the payment provider's
 *   page when it is not ours (Stripe Checkout): Chromium checks form-action on the redirect answering the
 *   checkout form too.
 * - Who may frame a page (clickjacking): embed pages are made to be framed by any site; every other page by
 *   none — the payment page, where a card number is typed, above all. CSP frame-ancestors for today's
 *   browsers, X-Frame-Options for older ones.
 * - Referrer-Policy: other sites learn only our origin; the payment, download and password reset pages,
 *   whose addresses may carry a secret, tell them nothing.
 * - HSTS only in production, where the site is served over HTTPS.
 *
 * Vite's development server injects inline scripts of its own (React refresh) and speaks to the page over a
 * WebSocket: in development the script and connection rules are left out, the rest stays.
 */
export function isEmbedPath(pathname: string): boolean {
  return pathname === '/embed' || pathname.startsWith('/embed/');
}

/** The demo provider's hosted payment page. */
export function isPaymentPath(pathname: string): boolean {
  return pathname === '/payment';
}

/** Pages whose address may carry a secret: a signed payment session or download link, a password reset token. */
function addressIsSecret(pathname: string): boolean {
  return (
    isPaymentPath(pathname) ||
    pathname === '/download' ||
    pathname.startsWith('/download/') ||
    pathname === '/forgot-password'
  );
}

export type SecurityHeadersOptions = {
  pathname: string;
  /** This response's nonce: inline scripts without it do not run. */
  nonce: string;
  /** Vite's development server (no script rules, see above). */
  development?: boolean;
  /** Served over HTTPS in production: browsers are told to keep to it (HSTS). */
  production?: boolean;
  /** Other origins a form may be answered by (the payment provider's page: env.server.ts formTargets). */
  formTargets?: readonly string[];
};

export function contentSecurityPolicy({
  pathname,
  nonce,
  development = false,
  formTargets = [],
}: SecurityHeadersOptions): string {
  const directives = [
    "default-src 'self'",
    ...(development ? [] : [`script-src 'self' 'nonce-${nonce}'`, "connect-src 'self'"]),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...formTargets].join(' '),
    `frame-ancestors ${isEmbedPath(pathname) ? '*' : "'none'"}`,
  ];
  return directives.join('; ');
}

export function setSecurityHeaders(headers: Headers, options: SecurityHeadersOptions): void {
  const { pathname, production = false } = options;
  headers.set('Content-Security-Policy', contentSecurityPolicy(options));
  if (isEmbedPath(pathname)) headers.delete('X-Frame-Options');
  else headers.set('X-Frame-Options', 'DENY');
  headers.set('Referrer-Policy', addressIsSecret(pathname) ? 'same-origin' : 'strict-origin-when-cross-origin');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  if (production) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
}

/** The value of the CSP directive `name` in a policy, or null (for the tests, which read one directive at a time). */
export function cspDirective(policy: string | null | undefined, name: string): string | null {
  for (const directive of (policy ?? '').split(';')) {
    const [key, ...values] = directive.trim().split(/\s+/);
    if (key === name) return values.join(' ');
  }
  return null;
}
