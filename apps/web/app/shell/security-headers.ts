/**
 * The public site's security headers (entry.server.tsx): the policy both sites share
 * (`setPageSecurityHeaders` in @guichet/domain, which says what each header is for), with this site's two
 * exceptions by path —
 *
 * - the embed pages are made to be framed by any site; every other page by none (the payment page, where a
 *   card number is typed, above all);
 * - the payment, download and password reset pages, whose addresses may carry a secret, tell other sites
 *   nothing of where their visitors come from.
 */
import { type PageSecurityOptions, pageContentSecurityPolicy, setPageSecurityHeaders } from '@guichet/domain';

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

export type SecurityHeadersOptions = Omit<PageSecurityOptions, 'framable' | 'secretAddress'> & { pathname: string };

const byPath = ({ pathname, ...options }: SecurityHeadersOptions): PageSecurityOptions => ({
  ...options,
  framable: isEmbedPath(pathname),
  secretAddress: addressIsSecret(pathname),
});

export function contentSecurityPolicy(options: SecurityHeadersOptions): string {
  return pageContentSecurityPolicy(byPath(options));
}

export function setSecurityHeaders(headers: Headers, options: SecurityHeadersOptions): void {
  setPageSecurityHeaders(headers, byPath(options));
}
