import type { Rule } from '@guichet/domain';
import type { ChangeEvent, FocusEvent, ReactNode, SelectHTMLAttributes } from 'react';
import { controlClass, Field, useFieldIds } from './field';
import { useFieldValidation } from './use-field-validation';
import { useFormKit } from './validated-form';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'name' | 'id' | 'value' | 'defaultValue' | 'required' | 'children' | 'multiple'
> & {
  name: string;
  label: ReactNode;
  options: readonly SelectOption[];
  /** The first, empty choice ('Choisissez…'); a required select refuses it. */
  placeholder?: string;
  id?: string;
  rules?: readonly Rule[];
  required?: boolean;
  hint?: ReactNode;
  defaultValue?: string;
  className?: string;
};

/**
 * A select with its label and message. As the spec says, it is required only when flagged required and not
 * disabled, and it validates on blur; once a message shows, a new choice checks again at once.
 */
export function SelectField({
  name,
  label,
  options,
  placeholder,
  id,
  rules,
  required,
  hint,
  defaultValue,
  disabled,
  className,
  onChange,
  onBlur,
  ...selectProps
}: SelectFieldProps) {
  const ids = useFieldIds(name, id);
  const form = useFormKit();
  const validation = useFieldValidation({ name, rules, required, disabled });
  const sentBack = form?.values[name];
  const initial = typeof sentBack === 'string' ? sentBack : (defaultValue ?? '');

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
        <select
          name={name}
          defaultValue={initial}
          disabled={disabled}
          className={controlClass}
          {...control}
          {...selectProps}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            onChange?.(event);
            if (validation.error !== null) validation.validate(event.currentTarget.value, event.currentTarget.form);
          }}
          onBlur={(event: FocusEvent<HTMLSelectElement>) => {
            onBlur?.(event);
            validation.validate(event.currentTarget.value, event.currentTarget.form);
          }}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
