/**
 * The security headers of every HTML page of both sites (the public site's and the pro site's
 * entry.server.tsx), set in one place; each site says which of its pages may be framed and which carry a
 * secret in their address.
 *
 * - Content-Security-Policy: scripts only from this site, and inline ones only when they carry this
 *   response's nonce (React Router's hydration data and module loader, the scroll restoration); no plugins
 *   (`object-src 'none'`), no `<base>` (`base-uri 'none'`). Styles allow inline `style` attributes (the
 *   loading bar's width, the notifications' timers). Forms post to this site only (`form-action 'self'`: a
 *   script or markup slipped into a page cannot send what is typed elsewhere), and to the origins given in
 *   `formTargets` (the payment provider's page: Chromium checks form-action on the redirect answering a form).
 * - Which sites a page may frame (`frameSources`): its own only, unless given others (the pro site previews the
 *   public site's embeds); the same for images (`imageSources`: the pro site shows the visuals the public site
 *   serves).
 * - Who may frame a page (clickjacking): only pages made for it (`framable`: the public site's embeds) by any
 *   site; every other page by none. CSP frame-ancestors for today's browsers, X-Frame-Options for older ones.
 * - Referrer-Policy: other sites learn only our origin; pages whose address may carry a secret (`secretAddress`)
 *   tell them nothing.
 * - HSTS only in production, where the sites are served over HTTPS.
 * - No page uses the camera, the microphone, the position, payments or USB (Permissions-Policy), except a
 *   door's scan page (`scanner`): the camera for this site alone, and WebAssembly (`'wasm-unsafe-eval'`: the QR
 *   decoder, zxing-wasm, compiles the wasm file this site serves).
 *
 * Vite's development server injects inline scripts of its own (React refresh) and speaks to the page over a
 * WebSocket: in development the script and connection rules are left out, the rest stays.
 */
export type PageSecurityOptions = {
  /** This response's nonce: inline scripts without it do not run. */
  nonce: string;
  /** Vite's development server (no script rules, see above). */
  development?: boolean;
  /** Served over HTTPS in production: browsers are told to keep to it (HSTS). */
  production?: boolean;
  /** Other origins a form may be answered by (the payment provider's page). */
  formTargets?: readonly string[];
  /** Any site may frame the page (an embed). */
  framable?: boolean;
  /** Other origins the page may show in an iframe (the public site's embeds, previewed on the pro site). */
  frameSources?: readonly string[];
  /** Other origins the page may show images from (the public site's visuals, on the pro site). */
  imageSources?: readonly string[];
  /** The page's address may carry a secret (a signed link, a reset token): no Referer leaves it. */
  secretAddress?: boolean;
  /** A door's scan page: the back camera and the wasm QR decoder (see above). */
  scanner?: boolean;
};

export function pageContentSecurityPolicy({
  nonce,
  development = false,
  formTargets = [],
  framable = false,
  frameSources = [],
  imageSources = [],
  scanner = false,
}: PageSecurityOptions): string {
  // In development the script rule is left out (Vite's own scripts) unless WebAssembly needs saying.
  const scripts = `script-src 'self' 'nonce-${nonce}'${scanner ? " 'wasm-unsafe-eval'" : ''}`;
  const directives = [
    "default-src 'self'",
    ...(development ? (scanner ? [scripts] : []) : [scripts, "connect-src 'self'"]),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageSources].join(' '),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...formTargets].join(' '),
    ...(frameSources.length > 0 ? [["frame-src 'self'", ...frameSources].join(' ')] : []),
    `frame-ancestors ${framable ? '*' : "'none'"}`,
  ];
  return directives.join('; ');
}

export function setPageSecurityHeaders(headers: Headers, options: PageSecurityOptions): void {
  const { framable = false, secretAddress = false, production = false, scanner = false } = options;
  headers.set('Content-Security-Policy', pageContentSecurityPolicy(options));
  if (framable) headers.delete('X-Frame-Options');
  else headers.set('X-Frame-Options', 'DENY');
  headers.set('Referrer-Policy', secretAddress ? 'same-origin' : 'strict-origin-when-cross-origin');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set(
    'Permissions-Policy',
    `camera=${scanner ? '(self)' : '()'}, microphone=(), geolocation=(), payment=(), usb=()`,
  );
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
