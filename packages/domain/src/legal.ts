/**
 * Who publishes and sells on Guichet, as French law asks it to be said: LCEN art. 6 III (the publisher and
 * its host), Code de commerce R123-237 (RCS, capital), Code de la consommation L111-1 and L616-1 (the
 * seller, its consumer mediator), RGPD art. 13 (the controller). The legal pages read them from here, and
 * invoices and e-tickets will too: one place to fill.
 *
 * PLACEHOLDERS: every value below is a stand-in until the company's real details are known (the README
 * lists them); `placeholder: true` makes the legal pages say so. Set it to false once they are filled.
 */

export type PostalAddress = { street: string; postalCode: string; city: string; country: string };

export type LegalEntity = {
  /** True while the details below are stand-ins: the legal pages then show a notice. */
  placeholder: boolean;
  /** The last time the legal pages' texts changed, 'YYYY-MM-DD'. */
  updatedOn: string;
  companyName: string;
  /** « société par actions simplifiée (SAS) ». */
  legalForm: string;
  /** Share capital in cents. */
  shareCapital: number;
  /** The SIREN number under which the company is registered. */
  rcsNumber: string;
  /** The city of the commercial court's register (« RCS Paris »). */
  rcsCity: string;
  registeredOffice: PostalAddress;
  /** Intra-community VAT number. */
  vatNumber: string;
  /** « Prénom Nom, en qualité de président ». */
  publicationDirector: string;
  contactEmail: string;
  contactPhone: string;
  /** Where data-protection requests go (a DPO's address when one is named). */
  privacyEmail: string;
  host: { name: string; address: PostalAddress; phone: string };
  /** The consumer mediator the company adheres to (Code de la consommation L612-1). */
  mediator: { name: string; address: PostalAddress; website: string };
};

export const LEGAL_ENTITY: LegalEntity = {
  placeholder: true,
  updatedOn: '2026-11-23',
  companyName: 'Guichet SAS',
  legalForm: 'société par actions simplifiée (SAS)',
  shareCapital: 1_000_000,
  rcsNumber: '000 000 000',
  rcsCity: 'Paris',
  registeredOffice: { street: '1 rue de l’Exemple', postalCode: '75001', city: 'Paris', country: 'France' },
  vatNumber: 'FR00 000000000',
  publicationDirector: 'Camille Exemple, en qualité de président',
  contactEmail: 'contact@guichet.example',
  contactPhone: '01 00 00 00 00',
  privacyEmail: 'donnees-personnelles@guichet.example',
  host: {
    name: 'Hébergeur Exemple SAS',
    address: { street: '2 avenue de l’Exemple', postalCode: '59100', city: 'Roubaix', country: 'France' },
    phone: '03 00 00 00 00',
  },
  mediator: {
    name: 'Médiateur de la consommation Exemple',
    address: { street: '3 boulevard de l’Exemple', postalCode: '75008', city: 'Paris', country: 'France' },
    website: 'https://mediateur.example',
  },
};

/** « 1 rue de l’Exemple, 75001 Paris, France ». */
export function formatPostalAddress(address: PostalAddress): string {
  return `${address.street}, ${address.postalCode} ${address.city}, ${address.country}`;
}

/** « RCS Paris 000 000 000 », as a company's papers write it. */
export function formatRcs(entity: Pick<LegalEntity, 'rcsCity' | 'rcsNumber'>): string {
  return `RCS ${entity.rcsCity} ${entity.rcsNumber}`;
}
