import type { Rule } from '@guichet/domain';
import { MaskInput } from 'maska';
import { type FocusEvent, type InputEvent, type InputHTMLAttributes, type ReactNode, useEffect, useRef } from 'react';
import { controlClass, Field, useFieldIds } from './field';
import { useFieldValidation } from './use-field-validation';
import { useFormKit } from './validated-form';

export type TextFieldType =
  | 'text'
  | 'email'
  | 'tel'
  | 'password'
  | 'number'
  | 'url'
  | 'date'
  | 'time'
  | 'datetime-local';

/** Input types maska can mask (it refuses the others). */
const MASKABLE: ReadonlySet<string> = new Set(['text', 'tel', 'password', 'url', 'search']);

export type TextFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'name' | 'id' | 'value' | 'defaultValue' | 'required' | 'children'
> & {
  name: string;
  label: ReactNode;
  type?: TextFieldType;
  id?: string;
  rules?: readonly Rule[];
  required?: boolean;
  hint?: ReactNode;
  /** Default value; inside a ValidatedForm, the value sent back by the server wins. */
  defaultValue?: string;
  /** A maska mask (MASKS.phone…): `#` digit, `@` letter, `*` letter or digit. Applied once JavaScript runs. */
  mask?: string;
  debounceMs?: number;
  className?: string;
};

/** A text-like input with its label, rules and message; validates as you type (debounced) and on blur. */
export function TextField({
  name,
  label,
  type = 'text',
  id,
  rules,
  required,
  hint,
  defaultValue,
  mask,
  debounceMs,
  disabled,
  className,
  onInput,
  onBlur,
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(name, id);
  const form = useFormKit();
  const validation = useFieldValidation({ name, rules, required, disabled, debounceMs });
  const inputRef = useRef<HTMLInputElement>(null);

  // The mask comes with JavaScript: before that (or without it) the field is a plain input, and the
  // server's rules accept what people type by hand (a phone rule ignores spaces, dots and dashes).
  useEffect(() => {
    const input = inputRef.current;
    if (!mask || !input || !MASKABLE.has(input.type)) return;
    const masked = new MaskInput(input, { mask });
    return () => masked.destroy();
  }, [mask]);

  const sentBack = form?.values[name];
  const initial = typeof sentBack === 'string' ? sentBack : defaultValue;

  return (
    <Field
      ids={ids}
      label={label}
      required={validation.required}
      error={validation.error}
      hint={hint}
      className={className}
    >
      {(control) => (
        <input
          ref={inputRef}
          name={name}
          type={type}
          defaultValue={initial}
          disabled={disabled}
          className={controlClass}
          {...control}
          {...inputProps}
          // onInput, not onChange: React skips onChange when a mask rewrites the value it just saw.
          onInput={(event: InputEvent<HTMLInputElement>) => {
            onInput?.(event);
            validation.schedule(event.currentTarget.value, event.currentTarget.form);
          }}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            onBlur?.(event);
            validation.validate(event.currentTarget.value, event.currentTarget.form);
          }}
        />
      )}
    </Field>
  );
}
