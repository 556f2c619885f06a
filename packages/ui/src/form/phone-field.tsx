import { MASKS } from '@guichet/domain';
import type { ReactNode } from 'react';
import { TextField } from './text-field';

export type PhoneFieldProps = {
  /** `phone` for an account, `contactPhone` for an organiser's contact… */
  name?: string;
  label?: ReactNode;
  hint?: ReactNode;
  defaultValue?: string;
};

/**
 * A French phone number (an account's, an organiser's contact): 10 digits, masked as they are typed
 * (06 12 34 56 78); without JavaScript, what is typed by hand is accepted with its spaces, dots or dashes.
 */
export function PhoneField({ name = 'phone', label = 'Téléphone', hint, defaultValue }: PhoneFieldProps) {
  return (
    <TextField
      name={name}
      label={label}
      type="tel"
      mask={MASKS.phone}
      inputMode="tel"
      autoComplete="tel-national"
      defaultValue={defaultValue}
      hint={hint}
    />
  );
}
