import { MASKS } from '@guichet/domain';
import { TextField } from '@guichet/ui/form';
import { PHONE_HINT } from '../lib/account-form-rules';

/** The account's phone field (registration, « Mes informations »): French digits, masked as they are typed. */
export function PhoneField({ defaultValue }: { defaultValue?: string }) {
  return (
    <TextField
      name="phone"
      label="Téléphone"
      type="tel"
      mask={MASKS.phone}
      inputMode="tel"
      autoComplete="tel-national"
      defaultValue={defaultValue}
      hint={PHONE_HINT}
    />
  );
}
