import { describe, expect, it } from 'vitest';
import { formatPostalAddress, formatRcs, LEGAL_ENTITY, type LegalEntity } from './legal.js';

/** Every text of the entity, nested ones included. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

/** A stand-in value: an example domain or name, or a number made of zeros. */
const STAND_IN = /example|exemple|\b0{2,}\b|\b00( 00)+\b/i;

/** Whether the entity may be shown without the « provisional » notice. */
function mayGoLive(entity: LegalEntity): boolean {
  return !textsOf(entity).some((text) => STAND_IN.test(text));
}

describe('the legal entity', () => {
  it('writes an address and a registration the French way', () => {
    expect(
      formatPostalAddress({ street: '12 quai Rambaud', postalCode: '69002', city: 'Lyon', country: 'France' }),
    ).toBe('12 quai Rambaud, 69002 Lyon, France');
    expect(formatRcs({ rcsCity: 'Lyon', rcsNumber: '123 456 789' })).toBe('RCS Lyon 123 456 789');
  });

  it('gives every detail the law asks for', () => {
    for (const text of textsOf(LEGAL_ENTITY)) expect(text.trim()).not.toBe('');
    expect(LEGAL_ENTITY.shareCapital).toBeGreaterThan(0);
    expect(Number.isInteger(LEGAL_ENTITY.shareCapital)).toBe(true);
    expect(LEGAL_ENTITY.updatedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(LEGAL_ENTITY.mediator.website).toMatch(/^https:\/\//);
  });

  it('stays marked provisional while any detail is a stand-in', () => {
    // The legal pages say « provisional » only while `placeholder` is true: it must not be turned off
    // before every stand-in is replaced by the company's real details.
    if (!mayGoLive(LEGAL_ENTITY)) expect(LEGAL_ENTITY.placeholder).toBe(true);
    const address = { street: '12 quai Rambaud', postalCode: '69002', city: 'Lyon', country: 'France' };
    const filled: LegalEntity = {
      placeholder: false,
      updatedOn: '2027-01-04',
      companyName: 'Guichet Billetterie SAS',
      legalForm: 'société par actions simplifiée (SAS)',
      shareCapital: 5_000_000,
      rcsNumber: '912 345 678',
      rcsCity: 'Lyon',
      registeredOffice: address,
      vatNumber: 'FR12 912345678',
      publicationDirector: 'Léa Martin, en qualité de présidente',
      contactEmail: 'contact@guichet.fr',
      contactPhone: '04 72 12 34 56',
      privacyEmail: 'dpo@guichet.fr',
      host: { name: 'Hébergeur Lyonnais SAS', address, phone: '04 72 65 43 21' },
      mediator: { name: 'Médiation Tourisme et Loisirs', address, website: 'https://www.mediation.fr' },
    };
    expect(mayGoLive(filled)).toBe(true);
    expect(mayGoLive({ ...filled, contactEmail: 'contact@guichet.example' })).toBe(false);
    expect(mayGoLive({ ...filled, rcsNumber: '000 000 000' })).toBe(false);
    expect(mayGoLive({ ...filled, host: { ...filled.host, phone: '03 00 00 00 00' } })).toBe(false);
  });
});
