/**
 * The scanner's resource routes against the real API, behind the pro site's root middleware as a browser
 * reaches them: the online scan answers the API's verdict and records it once per nonce; a post from another
 * site is refused before any route runs; a batch the contract refuses gets a French 400 without reaching the
 * API; a phone whose session ended gets a 401 it shows as « Reconnectez-vous »; another organiser's scope is
 * not found.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/db/client';
import { type DoorFixture, doorFixture } from '../../api/test/door/support';
import { encodeCheckIns } from '../app/door/check-in-form';
import { action as checkInsAction } from '../app/door/check-ins.route';
import { SIGN_IN_AGAIN } from '../app/door/door-api.server';
import { loader as packLoader } from '../app/door/pack.route';
import { scanPagePath } from '../app/door/paths';
import { action as scanAction } from '../app/door/scan-online.route';
import { proAccessTokenCookie } from '../app/lib/server/session.server';
import { middleware } from '../app/root';
import { PRO, realProApi } from './real-api';

const { api } = realProApi();
let f: DoorFixture;

beforeAll(async () => {
  f = await doorFixture(api(), 3);
});

type Handler = (args: never) => Promise<Response> | Response;

/** One request through the root middleware to `handler`; what a browser would get back (thrown answers too). */
async function through(
  handler: Handler,
  path: string,
  init: RequestInit & { token?: string | null; site?: string } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('cookie', (await proAccessTokenCookie.serialize(init.token)).split(';')[0] as string);
  headers.set('origin', init.site ?? PRO);
  headers.set('sec-fetch-site', init.site ? 'cross-site' : 'same-origin');
  const request = new Request(`${PRO}${path}`, { ...init, headers });
  const [, organizerId, scopeKind, scopeId] = /^\/organisateurs\/(\d+)\/controle\/(\w+)\/(\d+)/.exec(path) ?? [];
  const args = {
    request,
    params: { organizerId, scopeKind, scopeId },
    context: new RouterContextProvider(),
    url: new URL(request.url),
    pattern: '',
  };
  const [door] = middleware;
  if (!door) throw new Error('no middleware');
  try {
    return (await door(args as never, async () => handler(args as never))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const refused = thrown as { init?: ResponseInit; data?: unknown };
    return Response.json(refused.data ?? null, { status: refused.init?.status ?? 500 });
  }
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('the scanner’s routes on the pro site', () => {
  it('scan a code online: the API’s verdict, recorded once for its nonce', async () => {
    const base = scanPagePath(f.organizerId, { kind: 'TICKET', id: f.concert.id });
    const ticket = f.concert.tickets[0] as DoorFixture['concert']['tickets'][number];
    const fields = { code: ticket.code.toLowerCase(), nonce: randomUUID(), gate: 'Nord', deviceId: randomUUID() };
    const first = await through(scanAction, `${base}/scan`, { ...form(fields), token: f.scanner.pro.accessToken });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      verdict: 'VALID',
      ticketId: ticket.id,
      text: `Valide — ${f.concert.productTitle}, ${ticket.holder}`,
    });
    const again = await through(scanAction, `${base}/scan`, { ...form(fields), token: f.scanner.pro.accessToken });
    expect((await again.json()).verdict).toBe('VALID');
    const [row] = await rowsOf<{ count: number }>(
      api().database.db,
      sql`SELECT count(*)::int AS count FROM check_in WHERE nonce = ${fields.nonce}::uuid`,
    );
    expect(row?.count).toBe(1);
  });

  it('refuse a post from another site before any route runs', async () => {
    const base = scanPagePath(f.organizerId, { kind: 'TICKET', id: f.concert.id });
    const refused = await through(checkInsAction, `${base}/passages`, {
      ...form({ deviceId: randomUUID(), gate: 'A', passages: '' }),
      token: f.scanner.pro.accessToken,
      site: 'http://localhost:3000',
    });
    expect(refused.status).toBe(403);
  });

  it('refuse in French a batch the contract refuses, and say to sign in again when the session ended', async () => {
    const base = scanPagePath(f.organizerId, { kind: 'TICKET', id: f.concert.id });
    const unreadable = await through(checkInsAction, `${base}/passages`, {
      ...form({ deviceId: randomUUID(), gate: 'A', passages: 'pas-un-passage' }),
      token: f.scanner.pro.accessToken,
    });
    expect(unreadable.status).toBe(400);
    expect((await unreadable.json()).message).toBe('Les passages envoyés sont illisibles.');
    const noGate = await through(checkInsAction, `${base}/passages`, {
      ...form({
        deviceId: randomUUID(),
        gate: '',
        passages: encodeCheckIns([
          { nonce: randomUUID(), ticketId: 1, scannedAt: new Date().toISOString(), localVerdict: 'VALID' },
        ]),
      }),
      token: f.scanner.pro.accessToken,
    });
    expect(noGate.status).toBe(400);
    const signedOut = await through(packLoader, `${base}/paquet`, { token: null });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ message: SIGN_IN_AGAIN });
  });

  it('give a scanner its pack, and find no scope of another organiser nor a kind that is none', async () => {
    const base = scanPagePath(f.organizerId, { kind: 'TICKET', id: f.concert.id });
    const pack = await through(packLoader, `${base}/paquet`, { token: f.scanner.pro.accessToken });
    expect(pack.status).toBe(200);
    expect((await pack.json()).tickets).toHaveLength(3);
    const elsewhere = scanPagePath(f.organizerId, { kind: 'TICKET', id: f.elsewhere.id });
    expect((await through(packLoader, `${elsewhere}/paquet`, { token: f.scanner.pro.accessToken })).status).toBe(404);
    const badKind = `/organisateurs/${f.organizerId}/controle/concerts/${f.concert.id}/paquet`;
    expect((await through(packLoader, badKind, { token: f.scanner.pro.accessToken })).status).toBe(404);
  });
});
