/**
 * The door's online check of a code, fuzzed (docs/decisions/0064): random strings, every truncation and every
 * single-character change of a real signed code, a code re-signed with another organiser's key under the first
 * one's key id, an unknown or revoked key, a genuine code of another event or of a deal, typed printed codes
 * one symbol off. Whatever comes in, the API answers a verdict (or the 400 of the text schema), never a 5xx;
 * only the real code opens the door.
 */
import { randomUUID, sign } from 'node:crypto';
import { doorVerdictText, encodeTicketQr, parseTicketQr, signedPart, TICKET_CODE_ALPHABET } from '@guichet/domain/door';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizerSigningKeys } from '../../src/db/schema.js';
import { activeSigningKey } from '../../src/services/door/keys.js';
import { signedTicketCode } from '../../src/services/door/sign.js';
import { createTestApp } from '../helpers.js';
import type { TestContext } from '../pro/support.js';
import { checkInsOf, type DoorFixture, doorFixture, scopeUrl } from './support.js';

const BASE45 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

let context: TestContext;
let f: DoorFixture;

beforeAll(async () => {
  context = await createTestApp();
  f = await doorFixture(context, 6);
});
afterAll(async () => {
  await context.close();
});

type Answer = { verdict: string; text: string; ticketId: number | null; holder?: string; gate?: string };

/** Scans `code` at the concert's gate A, as the scanner, with a new nonce unless one is given. */
function scan(code: string, options: { nonce?: string; scope?: ['ticketings' | 'offers', number] } = {}) {
  const [kind, id] = options.scope ?? ['ticketings', f.concert.id];
  return context.app.inject({
    method: 'POST',
    url: scopeUrl(f.organizerId, kind, id, 'scan'),
    headers: f.scanner.headers,
    payload: { code, nonce: options.nonce ?? randomUUID(), gate: 'A', deviceId: 'telephone-a' },
  });
}

async function verdictOf(code: string, options?: Parameters<typeof scan>[1]): Promise<string> {
  const response = await scan(code, options);
  expect(response.statusCode, `${JSON.stringify(code)} → ${response.body.slice(0, 200)}`).toBe(200);
  return response.json<Answer>().verdict;
}

/** A verdict for what the text schema lets through, its 400 for the rest: never a 5xx. */
async function refusedOrVerdict(code: string): Promise<string> {
  const response = await scan(code);
  expect(response.statusCode, `${JSON.stringify(code)} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
  if (response.statusCode === 400) return 'REFUSED';
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.json<Answer>().verdict;
}

describe('a signed code', () => {
  it('lets its holder in once, then says when and at which gate', async () => {
    const ticket = f.concert.tickets[0];
    if (!ticket) throw new Error('ticket');
    const first = await scan(ticket.signed);
    expect(first.json<Answer>()).toMatchObject({
      verdict: 'VALID',
      text: `Valide — ${f.concert.productTitle}, ${ticket.holder}`,
      ticketId: ticket.id,
    });
    const second = (await scan(ticket.signed)).json<Answer & { scannedAt: string }>();
    expect(second).toMatchObject({ verdict: 'ALREADY_SCANNED', gate: 'A', ticketId: ticket.id });
    expect(second.text).toBe(doorVerdictText({ verdict: 'ALREADY_SCANNED', scannedAt: second.scannedAt, gate: 'A' }));
  });

  it('sent twice under the same nonce gets the same answer, recorded once', async () => {
    const ticket = f.concert.tickets[1];
    if (!ticket) throw new Error('ticket');
    const nonce = randomUUID();
    const first = await scan(ticket.signed, { nonce });
    const again = await scan(ticket.signed, { nonce });
    expect(first.json<Answer>().verdict).toBe('VALID');
    expect(again.json()).toEqual(first.json());
    expect((await checkInsOf(context.database.db, ticket.id)).filter((row) => row.nonce === nonce)).toHaveLength(1);
  });
});

describe('codes that must not open the door', () => {
  it('random strings: INVALID or UNKNOWN, or the text schema’s 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 220 }),
          fc.string({ unit: fc.constantFrom(...BASE45), minLength: 116, maxLength: 116 }).map((tail) => `GU1:${tail}`),
          fc.string({ unit: fc.constantFrom(...TICKET_CODE_ALPHABET, '-'), minLength: 28, maxLength: 34 }),
        ),
        async (code) => {
          expect(['INVALID', 'UNKNOWN', 'REFUSED']).toContain(await refusedOrVerdict(code));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('every truncation of a real code is INVALID', async () => {
    const ticket = f.concert.tickets[2];
    if (!ticket) throw new Error('ticket');
    for (let length = 0; length < ticket.signed.length; length += 1) {
      expect(['INVALID', 'REFUSED'], `${length}`).toContain(await refusedOrVerdict(ticket.signed.slice(0, length)));
    }
    // The ticket is still unused: none of its truncations let anyone in.
    expect(await checkInsOf(context.database.db, ticket.id)).toEqual([]);
  });

  it('every single-character change of a real code is INVALID', async () => {
    const ticket = f.concert.tickets[2];
    if (!ticket) throw new Error('ticket');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: ticket.signed.length - 1 }),
        fc.constantFrom(...BASE45, 'a', 'é', '0'),
        async (position, replacement) => {
          fc.pre(ticket.signed[position] !== replacement);
          const changed = ticket.signed.slice(0, position) + replacement + ticket.signed.slice(position + 1);
          expect(['INVALID', 'REFUSED']).toContain(await refusedOrVerdict(changed));
        },
      ),
      { numRuns: 200 },
    );
    expect(await checkInsOf(context.database.db, ticket.id)).toEqual([]);
  });

  it('a code signed with another organiser’s key under this one’s key id is INVALID', async () => {
    const ticket = f.concert.tickets[3];
    const parsed = parseTicketQr(ticket?.signed ?? '');
    if (!ticket || !parsed) throw new Error('ticket');
    const { key: otherKey } = await activeSigningKey(context.database.db, f.otherOrganizerId);
    const fields = { kind: 'TICKET' as const, keyId: parsed.keyId, scopeId: f.concert.id, ticketId: ticket.id };
    const forged = encodeTicketQr(fields, sign(null, signedPart(fields), otherKey));
    expect(await verdictOf(forged)).toBe('INVALID');
    // The same fields under the other organiser's own key id: genuine, but not this organiser's.
    const { id: otherKeyId } = await activeSigningKey(context.database.db, f.otherOrganizerId);
    const theirs = { ...fields, keyId: otherKeyId };
    expect(await verdictOf(encodeTicketQr(theirs, sign(null, signedPart(theirs), otherKey)))).toBe('OTHER_EVENT');
  });

  it('a code naming an unknown key is INVALID', async () => {
    const ticket = f.concert.tickets[3];
    if (!ticket) throw new Error('ticket');
    const { key } = await activeSigningKey(context.database.db, f.organizerId);
    const fields = { kind: 'TICKET' as const, keyId: 999_999, scopeId: f.concert.id, ticketId: ticket.id };
    expect(await verdictOf(encodeTicketQr(fields, sign(null, signedPart(fields), key)))).toBe('INVALID');
  });

  it('a genuine code of another ticketing of the same organiser is OTHER_EVENT, and so is a deal’s', async () => {
    const festival = f.festival.tickets[0];
    const voucher = f.brunch.tickets[0];
    if (!festival || !voucher) throw new Error('ticket');
    expect(await verdictOf(festival.signed)).toBe('OTHER_EVENT');
    expect(await verdictOf(voucher.signed)).toBe('OTHER_EVENT');
    // Typed, the same: another event's printed code names a ticket, not one of this door.
    expect(await verdictOf(festival.code)).toBe('OTHER_EVENT');
    // And at their own door they are good.
    expect(await verdictOf(festival.signed, { scope: ['ticketings', f.festival.id] })).toBe('VALID');
    expect(await verdictOf(voucher.signed, { scope: ['offers', f.brunch.id] })).toBe('VALID');
    expect(await checkInsOf(context.database.db, festival.id)).toHaveLength(1);
  });

  it('another organiser’s genuine code is OTHER_EVENT', async () => {
    const theirs = f.elsewhere.tickets[0];
    if (!theirs) throw new Error('ticket');
    expect(await verdictOf(theirs.signed)).toBe('OTHER_EVENT');
  });

  it('a typed printed code one symbol off is UNKNOWN or INVALID; the exact one, in lower case with spaces, is found', async () => {
    const ticket = f.concert.tickets[4];
    if (!ticket) throw new Error('ticket');
    const symbols = ticket.code.replaceAll('-', '');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: symbols.length - 1 }),
        fc.constantFrom(...TICKET_CODE_ALPHABET),
        async (position, replacement) => {
          fc.pre(symbols[position] !== replacement);
          expect(await verdictOf(symbols.slice(0, position) + replacement + symbols.slice(position + 1))).toBe(
            'UNKNOWN',
          );
        },
      ),
      { numRuns: 40 },
    );
    expect(await verdictOf(symbols.slice(1))).toBe('INVALID');
    expect(await verdictOf(`${symbols}2`)).toBe('INVALID');
    // A look-alike is refused, not guessed.
    expect(await verdictOf(`O${symbols.slice(1)}`)).toBe('INVALID');
    expect(await checkInsOf(context.database.db, ticket.id)).toEqual([]);
    const spaced = symbols.toLowerCase().replace(/(.{4})/g, '$1 ');
    expect(await verdictOf(spaced)).toBe('VALID');
  });

  it('a printed code read from a QR printed before signed codes is found too', async () => {
    const ticket = f.concert.tickets[5];
    if (!ticket) throw new Error('ticket');
    expect(await verdictOf(ticket.code)).toBe('VALID');
    expect(await verdictOf(ticket.signed)).toBe('ALREADY_SCANNED');
  });
});

describe('keys', () => {
  it('a retired key still verifies its codes; a revoked one no longer does', async () => {
    const { db } = context.database;
    const ticket = f.brunch.tickets[1];
    if (!ticket) throw new Error('ticket');
    const { id: oldKeyId } = await activeSigningKey(db, f.organizerId);
    await db.update(organizerSigningKeys).set({ retiredAt: new Date() }).where(eq(organizerSigningKeys.id, oldKeyId));
    const fresh = await signedTicketCode(db, {
      kind: 'VOUCHER',
      organizerId: f.organizerId,
      scopeId: f.brunch.id,
      ticketId: ticket.id,
    });
    expect(parseTicketQr(fresh)?.keyId).not.toBe(oldKeyId);
    expect(parseTicketQr(ticket.signed)?.keyId).toBe(oldKeyId);

    const pack = await context.app.inject({
      method: 'GET',
      url: scopeUrl(f.organizerId, 'offers', f.brunch.id, 'pack'),
      headers: f.scanner.headers,
    });
    expect(pack.json<{ keys: { id: number }[] }>().keys.map((key) => key.id)).toEqual([
      oldKeyId,
      parseTicketQr(fresh)?.keyId,
    ]);

    await db.update(organizerSigningKeys).set({ revokedAt: new Date() }).where(eq(organizerSigningKeys.id, oldKeyId));
    expect(await verdictOf(ticket.signed, { scope: ['offers', f.brunch.id] })).toBe('INVALID');
    expect(await verdictOf(fresh, { scope: ['offers', f.brunch.id] })).toBe('VALID');
    const after = await context.app.inject({
      method: 'GET',
      url: scopeUrl(f.organizerId, 'offers', f.brunch.id, 'pack'),
      headers: f.scanner.headers,
    });
    expect(after.json<{ keys: { id: number }[] }>().keys.map((key) => key.id)).toEqual([parseTicketQr(fresh)?.keyId]);
  });
});
