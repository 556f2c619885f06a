/**
 * The order links the site hands out: the payment page's session (`/payment?order=<id>.<sig>`) and the
 * download link of the confirmation e-mail (`/download?order=<id>&sig=<sig>`). Each is an HMAC-SHA256 of
 * the purpose and the order id, under a key derived from JWT_SECRET for this use alone, compared in
 * constant time: whoever has the link may use it, nobody can make one for another order.
 */
import { parseRowId } from '@guichet/domain';
import { signedLinks } from '../../lib/signed-links.js';

export type LinkPurpose = 'payment' | 'download';

export type OrderLinks = {
  sign(purpose: LinkPurpose, orderId: number): string;
  verify(purpose: LinkPurpose, orderId: number, signature: string): boolean;
  /** The payment session of an order: its id and signature in one token. */
  paymentSession(orderId: number): string;
  /** The order a payment session names, or null for a malformed or forged one. */
  orderOfSession(session: string): number | null;
  paymentPath(orderId: number): string;
  downloadPath(orderId: number): string;
};

export function orderLinks(jwtSecret: string): OrderLinks {
  // The label and subjects are those of the first version: links already e-mailed stay valid.
  const links = signedLinks(jwtSecret, 'order-links');
  const sign = (purpose: LinkPurpose, orderId: number) => links.sign(`${purpose}:${orderId}`);
  const verify = (purpose: LinkPurpose, orderId: number, signature: string) =>
    links.verify(`${purpose}:${orderId}`, signature);
  const paymentSession = (orderId: number) => `${orderId}.${sign('payment', orderId)}`;
  return {
    sign,
    verify,
    paymentSession,
    orderOfSession(session) {
      const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]+)$/.exec(session);
      if (!match) return null;
      const orderId = parseRowId(match[1]);
      if (orderId === null) return null;
      return verify('payment', orderId, match[2] ?? '') ? orderId : null;
    },
    paymentPath: (orderId) => `/payment?order=${encodeURIComponent(paymentSession(orderId))}`,
    downloadPath: (orderId) => `/download?order=${orderId}&sig=${sign('download', orderId)}`,
  };
}
