import { FieldError, RequiredMark, useFormKit } from '@guichet/ui/form';
import { useId } from 'react';

/**
 * One contest question: a radio group in a fieldset whose legend is the question. Its message comes from
 * the surrounding ValidatedForm (the same rules the action checks), so it shows with or without JavaScript.
 */
export function ChoiceGroup({ name, legend, choices }: { name: string; legend: string; choices: readonly string[] }) {
  const kit = useFormKit();
  const error = kit?.errors[name] ?? null;
  const sent = kit?.values[name];
  const errorId = `${name}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-error`;
  return (
    <fieldset
      className="space-y-2 rounded-xl border border-slate-200 p-4"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="px-1 font-semibold text-slate-900">
        {legend}
        <RequiredMark />
      </legend>
      {choices.map((choice, index) => (
        <label key={choice} className="flex items-center gap-3 text-slate-800">
          <input
            type="radio"
            name={name}
            value={String(index)}
            defaultChecked={sent === String(index)}
            required
            className="size-5 accent-brand-700"
            onChange={() => kit?.setError(name, null)}
          />
          {choice}
        </label>
      ))}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
