import { useEffect, useRef } from 'react';
import type { CodeCheck } from './verify';

/**
 * The verdict, full screen: green for a valid ticket, red for anything else, the domain's French words in
 * large type (a status announced by screen readers). A modal dialog: the rest of the page is inert behind it,
 * the focus on « Suivant » (Enter or Space go on; Escape or a tap anywhere too). Each verdict mounts its
 * own (keyed by the page), so a code read while one shows takes the focus again.
 */
export function VerdictScreen({ check, onNext }: { check: CodeCheck; onNext: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const valid = check.verdict.verdict === 'VALID';

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    next.current?.focus();
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard has « Suivant », focused, and Escape.
    <dialog
      ref={dialog}
      aria-labelledby="verdict-texte"
      onCancel={(event) => {
        event.preventDefault();
        onNext();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onNext();
      }}
      className={`fixed inset-0 m-0 flex h-dvh max-h-none w-screen max-w-none flex-col items-center justify-center gap-8 p-6 text-center text-white backdrop:bg-slate-950 ${
        valid ? 'bg-green-800' : 'bg-red-800'
      }`}
    >
      <p id="verdict-texte" role="status" className="text-3xl font-extrabold leading-tight sm:text-4xl">
        {check.text}
      </p>
      <button
        ref={next}
        type="button"
        onClick={onNext}
        className="min-h-14 rounded-full bg-white px-10 py-3 text-xl font-bold text-slate-900"
      >
        Suivant
      </button>
    </dialog>
  );
}
