import { describe, expect, it } from 'vitest';
import { admits, DOOR_VERDICT_TEXTS, DOOR_VERDICTS, type DoorVerdict, doorVerdictText } from './verdicts.js';

describe('door verdicts', () => {
  it('are a closed set, each with its French words', () => {
    expect(Object.keys(DOOR_VERDICT_TEXTS).sort()).toEqual([...DOOR_VERDICTS].sort());
    const texts = Object.fromEntries(
      (['REFUNDED', 'CANCELLED', 'WITHDRAWN', 'OTHER_EVENT', 'INVALID', 'UNKNOWN'] as const).map((verdict) => [
        verdict,
        doorVerdictText({ verdict }),
      ]),
    );
    expect(texts).toEqual({
      REFUNDED: 'Billet remboursé',
      CANCELLED: 'Événement annulé',
      WITHDRAWN: 'Bon rétracté',
      OTHER_EVENT: 'Autre événement',
      INVALID: 'Code invalide',
      UNKNOWN: 'Code inconnu',
    });
  });

  it('name the product and the holder of a valid ticket', () => {
    expect(doorVerdictText({ verdict: 'VALID', product: 'Catégorie 1', holder: 'Jean Dupont' })).toBe(
      'Valide — Catégorie 1, Jean Dupont',
    );
  });

  it('tell when and at which gate a ticket was first scanned, in Paris time summer and winter', () => {
    expect(doorVerdictText({ verdict: 'ALREADY_SCANNED', scannedAt: '2026-07-14T18:14:00Z', gate: 'B' })).toBe(
      'Déjà scanné à 20 h 14 (porte B)',
    );
    expect(
      doorVerdictText({ verdict: 'ALREADY_SCANNED', scannedAt: new Date('2026-12-31T19:14:59Z'), gate: 'A' }),
    ).toBe('Déjà scanné à 20 h 14 (porte A)');
  });

  it('let only a valid code in', () => {
    const verdicts: DoorVerdict[] = [
      { verdict: 'VALID', product: 'Catégorie 1', holder: 'Jean Dupont' },
      { verdict: 'ALREADY_SCANNED', scannedAt: '2026-07-14T18:14:00Z', gate: 'B' },
      ...(['REFUNDED', 'CANCELLED', 'WITHDRAWN', 'OTHER_EVENT', 'INVALID', 'UNKNOWN'] as const).map((verdict) => ({
        verdict,
      })),
    ];
    expect(verdicts.map((verdict) => verdict.verdict)).toEqual(DOOR_VERDICTS);
    expect(verdicts.filter(admits).map((verdict) => verdict.verdict)).toEqual(['VALID']);
  });
});
