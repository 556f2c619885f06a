import { useId, useRef, useState } from 'react';
import { Button } from './button';
import { Copy } from './icons';
import { useHydrated } from './lib/hooks/use-hydrated';

/** How a copy went: on the clipboard, or (no clipboard access) selected for Ctrl+C. */
export type CopyOutcome = 'copied' | 'selected';

export const COPY_MESSAGES: Record<CopyOutcome, string> = {
  copied: 'Le code est copié.',
  selected: 'Copie impossible : le code est sélectionné, copiez-le avec Ctrl+C (ou Cmd+C).',
};

/**
 * Code to paste elsewhere (an embed snippet): a read-only textarea that selects itself on focus — the copy
 * without JavaScript — and, once hydrated, a « Copier » button. Without `onCopy` the outcome is said in a
 * polite status line under the button; with it, the caller says it its own way (the public site's notifications).
 */
export function CodeToCopy({
  label,
  code,
  describedBy,
  buttonLabel = 'Copier le code',
  rows = 4,
  onCopy,
}: {
  label: string;
  code: string;
  describedBy?: string;
  buttonLabel?: string;
  rows?: number;
  onCopy?: (outcome: CopyOutcome) => void;
}) {
  const textareaId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState<CopyOutcome | null>(null);

  const copy = async () => {
    let result: CopyOutcome = 'copied';
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // No clipboard access (an old browser, a refused permission): select the code for a manual copy.
      textarea.current?.focus();
      textarea.current?.select();
      result = 'selected';
    }
    if (onCopy) onCopy(result);
    else setOutcome(result);
  };

  return (
    <div className="space-y-2">
      <label htmlFor={textareaId} className="font-semibold text-slate-900">
        {label}
      </label>
      <textarea
        id={textareaId}
        ref={textarea}
        readOnly
        rows={rows}
        value={code}
        aria-describedby={describedBy}
        onFocus={(event) => event.currentTarget.select()}
        className="block w-full resize-y rounded-lg border border-slate-400 bg-white p-3 font-mono text-sm text-slate-900"
      />
      {hydrated ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" icon={<Copy className="size-5" aria-hidden="true" />} onClick={copy}>
            {buttonLabel}
          </Button>
          {onCopy ? null : (
            <p role="status" className="text-sm text-slate-700">
              {outcome ? COPY_MESSAGES[outcome] : ''}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
