import { PASSWORD_MIN_LENGTH } from '@guichet/domain';
import { TextField } from './text-field';

export const PASSWORD_HINT = `Au moins ${PASSWORD_MIN_LENGTH} caractères.`;

/**
 * A new password and its confirmation (registration, reset, change; a pro sign-up): labels, hint and
 * autocomplete that let password managers offer a strong password. The rules (length, sameAs) come from the
 * form's rules by name.
 */
export function NewPasswordFields({
  name = 'password',
  label = 'Mot de passe',
  confirmationLabel = 'Confirmation du mot de passe',
}: {
  name?: string;
  label?: string;
  confirmationLabel?: string;
}) {
  return (
    <>
      <TextField name={name} label={label} type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <TextField name={`${name}Confirmation`} label={confirmationLabel} type="password" autoComplete="new-password" />
    </>
  );
}
