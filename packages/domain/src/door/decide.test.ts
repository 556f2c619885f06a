import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DoorScan, type DoorScope, type DoorTicket, doorVerdict, REVOKED_VERDICTS } from './decide.js';

const concert: DoorScope = { kind: 'TICKET', id: 7 };
const ticket: DoorTicket = { scope: concert, product: 'Catégorie 1', holder: 'Jean Dupont', revokedReason: null };
const scan: DoorScan = { scannedAt: '2026-07-14T18:14:00Z', gate: 'B' };

describe('the door’s rule', () => {
  it('admits a ticket of this event never scanned, with its product and holder', () => {
    expect(doorVerdict({ ticket, scope: concert, firstScan: null })).toEqual({
      verdict: 'VALID',
      product: 'Catégorie 1',
      holder: 'Jean Dupont',
    });
  });

  it('refuses a ticket scanned before, saying when and where', () => {
    expect(doorVerdict({ ticket, scope: concert, firstScan: scan })).toEqual({
      verdict: 'ALREADY_SCANNED',
      scannedAt: '2026-07-14T18:14:00Z',
      gate: 'B',
    });
  });

  it('says why a revoked ticket is refused, scanned or not', () => {
    for (const firstScan of [null, scan]) {
      const verdicts = Object.fromEntries(
        (['ORGANIZER', 'CANCELLATION', 'POSTPONEMENT', 'WITHDRAWAL'] as const).map((revokedReason) => [
          revokedReason,
          doorVerdict({ ticket: { ...ticket, revokedReason }, scope: concert, firstScan }).verdict,
        ]),
      );
      expect(verdicts).toEqual({
        ORGANIZER: 'REFUNDED',
        CANCELLATION: 'CANCELLED',
        POSTPONEMENT: 'REFUNDED',
        WITHDRAWAL: 'WITHDRAWN',
      });
    }
  });

  it('sends a ticket of another event, or a voucher of an offer with the same number, to its own door', () => {
    expect(doorVerdict({ ticket, scope: { kind: 'TICKET', id: 8 }, firstScan: null }).verdict).toBe('OTHER_EVENT');
    expect(doorVerdict({ ticket, scope: { kind: 'VOUCHER', id: 7 }, firstScan: null }).verdict).toBe('OTHER_EVENT');
    expect(
      doorVerdict({
        ticket: { ...ticket, revokedReason: 'CANCELLATION' },
        scope: { kind: 'TICKET', id: 8 },
        firstScan: scan,
      }).verdict,
    ).toBe('OTHER_EVENT');
  });

  it('does not know a code no ticket has', () => {
    expect(doorVerdict({ ticket: null, scope: concert, firstScan: null })).toEqual({ verdict: 'UNKNOWN' });
  });

  it('admits exactly the tickets of this scope, unrevoked and unscanned, whatever the mix', () => {
    const scopeArb = fc.record({
      kind: fc.constantFrom('TICKET' as const, 'VOUCHER' as const),
      id: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(
        fc.option(
          fc.record({
            scope: scopeArb,
            product: fc.string(),
            holder: fc.string(),
            revokedReason: fc.option(
              fc.constantFrom(...(Object.keys(REVOKED_VERDICTS) as (keyof typeof REVOKED_VERDICTS)[])),
            ),
          }),
        ),
        scopeArb,
        fc.option(fc.constant(scan)),
        (drawn, scope, firstScan) => {
          const verdict = doorVerdict({ ticket: drawn, scope, firstScan });
          const admitted =
            drawn !== null &&
            drawn.scope.kind === scope.kind &&
            drawn.scope.id === scope.id &&
            drawn.revokedReason === null &&
            firstScan === null;
          expect(verdict.verdict === 'VALID').toBe(admitted);
        },
      ),
    );
  });
});
