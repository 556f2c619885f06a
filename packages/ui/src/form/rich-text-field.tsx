import type { Rule } from '@guichet/domain';
import { type ReactNode, useRef } from 'react';
import { RichTextEditor } from '../rich-text-editor';
import { Field, useFieldIds } from './field';
import { useFieldValidation } from './use-field-validation';
import { useFormKit } from './validated-form';

export type RichTextFieldProps = {
  name: string;
  label: ReactNode;
  id?: string;
  /** Usually [requiredRichText()] when the text is required: an editor's empty document is empty. */
  rules?: readonly Rule[];
  hint?: ReactNode;
  /** A stored document (or its JSON); inside a ValidatedForm, what the server sent back wins. */
  defaultValue?: unknown;
  className?: string;
};

/** A labelled rich-text editor; validates as you type (debounced) and when it loses focus. */
export function RichTextField({ name, label, id, rules, hint, defaultValue, className }: RichTextFieldProps) {
  const ids = useFieldIds(name, id);
  const form = useFormKit();
  const validation = useFieldValidation({ name, rules });
  const boxRef = useRef<HTMLDivElement>(null);
  const formOf = () => boxRef.current?.closest('form') ?? null;
  const sentBack = form?.values[name];

  return (
    <Field
      ids={ids}
      label={label}
      required={validation.required}
      error={validation.error}
      hint={hint}
      className={className}
      onLabelClick={() => document.getElementById(ids.id)?.focus()}
    >
      {(control) => (
        <div ref={boxRef}>
          <RichTextEditor
            name={name}
            id={control.id}
            labelId={ids.labelId}
            defaultValue={typeof sentBack === 'string' ? sentBack : defaultValue}
            required={control.required}
            invalid={control['aria-invalid']}
            describedBy={control['aria-describedby']}
            onChange={(value) => validation.schedule(value, formOf())}
            onBlur={(value) => validation.validate(value, formOf())}
          />
        </div>
      )}
    </Field>
  );
}
