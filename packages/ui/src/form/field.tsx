import { type ReactNode, useId } from 'react';

/** The attributes a field's control takes from its Field: its id, and what assistive technologies read. */
export type ControlProps = {
  id: string;
  required: boolean;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** The ids of a field's parts: its control, label, hint and message. */
export function useFieldIds(name: string, id?: string) {
  const generated = useId();
  const controlId = id ?? `${name}-${generated.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return { id: controlId, labelId: `${controlId}-label`, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

/** The attributes a control needs from its field's state. */
export function controlProps(
  ids: ReturnType<typeof useFieldIds>,
  { required, error, hint }: { required: boolean; error: string | null; hint?: ReactNode },
): ControlProps {
  const describedBy = [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ');
  return {
    id: ids.id,
    required,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

/** The spec's asterisk of a required label; hidden from screen readers, which announce `required` instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 font-bold text-red-700">
      *
    </span>
  );
}

/** A field's message, linked to its control by aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

/**
 * A field's hint, linked to its control by aria-describedby. A <div>: a hint may hold a list (the team page's
 * roles), and a <ul> inside a <p> is cut out of it by the HTML parser — the control then described by an
 * empty paragraph until React, finding another tree than its own, throws the server's page away.
 */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className="mt-1 text-sm text-slate-600">
      {children}
    </div>
  );
}

export const controlClass =
  'mt-1.5 block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-xs ' +
  'border-slate-400 placeholder:text-slate-500 focus-visible:border-brand-700 ' +
  'aria-invalid:border-red-700 aria-invalid:bg-red-50/40 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500';

export type FieldProps = {
  ids: ReturnType<typeof useFieldIds>;
  label: ReactNode;
  required: boolean;
  error: string | null;
  hint?: ReactNode;
  className?: string;
  /** For controls a <label for> cannot focus (the rich-text editor). */
  onLabelClick?: () => void;
  /** The control, given the attributes that tie it to the label, hint and message. */
  children: (control: ControlProps) => ReactNode;
};

/**
 * A labelled field: <label for>, an asterisk when required, an optional hint, the control, and its message
 * (aria-describedby + aria-invalid on the control).
 */
export function Field({ ids, label, required, error, hint, className = '', onLabelClick, children }: FieldProps) {
  return (
    <div className={className}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a pointer convenience only; keyboard users reach the control with Tab. */}
      <label id={ids.labelId} htmlFor={ids.id} className="block font-semibold text-slate-900" onClick={onLabelClick}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      {children(controlProps(ids, { required, error, hint }))}
      {error ? <FieldError id={ids.errorId}>{error}</FieldError> : null}
    </div>
  );
}
