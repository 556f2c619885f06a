import { MASKS } from '@guichet/domain';
import { PHONE_HINT } from '../lib/account-form-rules';
import { TextField } from '../ui/form';

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
