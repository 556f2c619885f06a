/**
 * The organiser's preview of a draft against the real API: the signed link shows the draft's page as it will
 * be once published, not kept by any cache; an altered or expired link is the not-found page.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ticketings } from '../../../api/src/db/schema';
import { previewLinks } from '../../../api/src/services/pro/preview-links';
import { realApi } from '../../test/real-api';
import { guest } from '../../test/session-support';
import { headers, loader } from './ticketing-preview.route';

const real = realApi();

const load = (token: string) =>
  loader({
    request: new Request(`http://localhost/apercu/billetterie/${token}`),
    params: { token },
    context: guest(),
  } as never);

describe('the preview of a ticketing', () => {
  it('shows a draft by its signed link, as its published page will be, and is never cached', async () => {
    await real.db().update(ticketings).set({ status: 'DRAFT' }).where(eq(ticketings.id, real.ticketingId()));
    const { token } = previewLinks(real.api().env.JWT_SECRET).create(real.ticketingId(), new Date());
    const data = await load(token);
    expect(data.ticketing).toMatchObject({ id: real.ticketingId(), title: 'Nuit du jazz', status: 'PUBLISHED' });
    expect(new Headers(headers()).get('cache-control')).toBe('no-store');
  });

  it('answers the not-found page for an altered or expired link', async () => {
    const links = previewLinks(real.api().env.JWT_SECRET);
    const { token } = links.create(real.ticketingId(), new Date());
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const expired = links.create(real.ticketingId(), new Date(Date.now() - 2 * 3_600_000)).token;
    for (const bad of [altered, expired]) {
      const thrown = await load(bad).catch((error: unknown) => error);
      expect(thrown).toMatchObject({ init: { status: 404 } });
    }
  });
});
