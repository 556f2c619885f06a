import { MASKS } from '@guichet/domain';
import { PhoneField, TextField } from '@guichet/ui/form';
import type { ReactNode } from 'react';
import { HINTS } from '../lib/pro-form-rules';

/** A group of fields with its legend (the sign-up's and the organiser forms' parts). */
export function Part({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The organisation's public part: what buyers see on its page. */
export function PublicProfileFields() {
  return (
    <>
      <TextField name="name" label="Nom affiché aux acheteurs" autoComplete="organization" />
      <TextField name="city" label="Ville" autoComplete="address-level2" />
      <TextField name="website" label="Site web" type="url" autoComplete="url" hint={HINTS.website} />
    </>
  );
}

/** The legal identity (SIRET masked as INSEE prints it). */
export function LegalIdentityFields() {
  return (
    <>
      <TextField name="legalName" label="Raison sociale" />
      <TextField name="siret" label="Numéro SIRET" mask={MASKS.siret} inputMode="numeric" hint={HINTS.siret} />
    </>
  );
}

/** The organisation's address. */
export function AddressFields() {
  return (
    <>
      <TextField name="street" label="Adresse" autoComplete="street-address" />
      <TextField
        name="postalCode"
        label="Code postal"
        mask={MASKS.postalCode}
        inputMode="numeric"
        autoComplete="postal-code"
      />
      <TextField name="country" label="Pays" autoComplete="country-name" defaultValue="France" />
    </>
  );
}

/** How the platform reaches the organiser. */
export function ContactFields() {
  return (
    <>
      <TextField name="contactEmail" label="E-mail de contact" type="email" autoComplete="email" />
      <PhoneField name="contactPhone" label="Téléphone de contact" hint={HINTS.contactPhone} />
    </>
  );
}

/** The payout account, typed in groups of four. */
export function IbanField({ label = 'IBAN', hint = HINTS.iban }: { label?: string; hint?: ReactNode }) {
  return <TextField name="iban" label={label} mask={MASKS.iban} autoComplete="off" spellCheck={false} hint={hint} />;
}

/** A new organiser's three parts: Votre organisation, Coordonnées, Versements. */
export function NewOrganizerParts() {
  return (
    <>
      <Part legend="Votre organisation">
        <PublicProfileFields />
        <LegalIdentityFields />
      </Part>
      <Part legend="Coordonnées">
        <AddressFields />
        <ContactFields />
      </Part>
      <Part legend="Versements">
        <IbanField />
      </Part>
    </>
  );
}
