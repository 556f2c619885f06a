/**
 * Pages for the machine itself only — the mail outbox, which holds every password-reset link: 404 in
 * production and to any visitor whose address is not loopback. The address is the one server.mjs states
 * in its own header (the socket's, or what a TRUST_PROXY proxy forwarded), which a visitor cannot set.
 */
import { isLoopbackAddress } from '@guichet/domain';
import { notFound } from '../lib/route-params';
import { visitorAddress } from '../lib/server/session.server';

export function requireLocalVisitor(request: Request): void {
  // Read at each request, not at build time: the same build runs in tests and in production.
  const production = process.env.NODE_ENV === 'production';
  if (production || !isLoopbackAddress(visitorAddress(request))) notFound(request);
}
