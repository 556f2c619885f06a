import type { FacturationAddress } from '@guichet/contracts';
import { MASKS } from '@guichet/domain';
import { SelectField, TextField } from '@guichet/ui/form';
import { billingCountryOptions, DEFAULT_BILLING_COUNTRY } from '../lib/account-form-rules';

/**
 * The billing address's four fields, as the account page and the checkout both ask for it (the same names,
 * rules and autocomplete), prefilled from the account's address.
 */
export function BillingAddressFields({ address }: { address: FacturationAddress | null | undefined }) {
  const country = address?.country ?? DEFAULT_BILLING_COUNTRY;
  return (
    <>
      <TextField name="street" label="Adresse" autoComplete="street-address" defaultValue={address?.street ?? ''} />
      <div className="grid gap-6 sm:grid-cols-[10rem_1fr]">
        <TextField
          name="postalCode"
          label="Code postal"
          mask={MASKS.postalCode}
          inputMode="numeric"
          autoComplete="postal-code"
          defaultValue={address?.postalCode ?? ''}
        />
        <TextField name="city" label="Ville" autoComplete="address-level2" defaultValue={address?.city ?? ''} />
      </div>
      <SelectField
        name="country"
        label="Pays"
        autoComplete="country-name"
        options={billingCountryOptions(country)}
        defaultValue={country}
      />
    </>
  );
}
