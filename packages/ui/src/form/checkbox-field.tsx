import type { Rule } from '@guichet/domain';
import type { ChangeEvent, FocusEvent, InputHTMLAttributes, ReactNode } from 'react';
import { controlProps, FieldError, FieldHint, RequiredMark, useFieldIds } from './field';
import { useFieldValidation } from './use-field-validation';
import { useFormKit } from './validated-form';

export type CheckboxFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'name' | 'id' | 'checked' | 'defaultChecked' | 'required' | 'children'
> & {
  name: string;
  label: ReactNode;
  id?: string;
  /** Usually [rule.checked()]: a box that must be ticked (the label then gets its asterisk). */
  rules?: readonly Rule[];
  hint?: ReactNode;
  defaultChecked?: boolean;
  /** Sent when ticked; 'on' like the browser's default. */
  value?: string;
  className?: string;
};

/** A checkbox with its label after it; validates at once on change and on blur. */
export function CheckboxField({
  name,
  label,
  id,
  rules,
  hint,
  defaultChecked,
  value = 'on',
  disabled,
  className = '',
  onChange,
  onBlur,
  ...inputProps
}: CheckboxFieldProps) {
  const ids = useFieldIds(name, id);
  const form = useFormKit();
  const validation = useFieldValidation({ name, rules, disabled });
  const sentBack = form?.values[name];
  const initial =
    sentBack === undefined
      ? defaultChecked
      : sentBack === value || (Array.isArray(sentBack) && sentBack.includes(value));
  const control = controlProps(ids, { required: validation.required, error: validation.error, hint });
  // A ticked box counts as its value, an unticked one as nothing: what the browser would send.
  const submitted = (input: HTMLInputElement) => (input.checked ? input.value : undefined);

  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          name={name}
          value={value}
          defaultChecked={initial}
          disabled={disabled}
          className="mt-0.5 size-6 shrink-0 rounded border-slate-500 accent-brand-700 aria-invalid:outline-2 aria-invalid:outline-red-700"
          {...control}
          {...inputProps}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            onChange?.(event);
            validation.validate(submitted(event.currentTarget), event.currentTarget.form);
          }}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            onBlur?.(event);
            validation.validate(submitted(event.currentTarget), event.currentTarget.form);
          }}
        />
        <label id={ids.labelId} htmlFor={ids.id} className="text-slate-900">
          {label}
          {validation.required ? <RequiredMark /> : null}
        </label>
      </div>
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      {validation.error ? <FieldError id={ids.errorId}>{validation.error}</FieldError> : null}
    </div>
  );
}
