import { isRequiredByRules, type Rule, rule, VALIDATION_DEBOUNCE_MS, validateField } from '@guichet/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formValues } from '../lib/form-validation';
import { useFormKit } from './validated-form';

const NO_RULES: readonly Rule[] = [];

/**
 * Whether a pointer is pressed somewhere in the page. A field validated on blur by a mousedown elsewhere
 * (typically on the submit button) must not show or drop its message before the click lands: the button
 * would move under the pointer and the click be lost. Page-wide, browser-only state: nothing per visitor.
 */
let pointerPressed = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerPressed = true), true);
  for (const end of ['pointerup', 'pointercancel'] as const) {
    document.addEventListener(end, () => (pointerPressed = false), true);
  }
}

/** Runs `apply` now, or, while a pointer is pressed, just after its click has been dispatched. */
function afterPointerRelease(apply: () => void) {
  if (!pointerPressed) return apply();
  document.addEventListener('pointerup', () => setTimeout(apply, 0), { capture: true, once: true });
}

export type FieldValidationOptions = {
  name: string;
  /** The field's rules; by default those its ValidatedForm holds for `name`. */
  rules?: readonly Rule[];
  /** Makes the field required even if its rules do not say so (a required rule is added). */
  required?: boolean;
  /** A disabled field is neither required nor validated: the browser does not even send it. */
  disabled?: boolean;
  /** Pause after the last keystroke before validating; the spec's 200 ms by default. */
  debounceMs?: number;
};

export type FieldValidation = {
  /** The message shown now, or null. */
  error: string | null;
  /** The rules in force (none when disabled). */
  rules: readonly Rule[];
  /** Required and not disabled: the label's asterisk, `required` and `aria-required`. */
  required: boolean;
  /** Validates now (blur, change of a box); `form` gives the other fields' values to rules such as sameAs. */
  validate(value: unknown, form?: HTMLFormElement | null): string | null;
  /** Validates once typing pauses for the debounce delay; each call restarts the wait. */
  schedule(value: unknown, form?: HTMLFormElement | null): void;
  /** Forgets a pending debounced validation. */
  cancel(): void;
};

/**
 * Validation of one field with the domain's rules: debounced while typing (200 ms by default) and
 * immediate on blur. Inside a ValidatedForm the message lives in the form (which also validates everything
 * on submit and shows the server's messages); alone, in the field itself.
 */
export function useFieldValidation({
  name,
  rules: ownRules,
  required: requiredFlag,
  disabled = false,
  debounceMs = VALIDATION_DEBOUNCE_MS,
}: FieldValidationOptions): FieldValidation {
  const form = useFormKit();
  const baseRules = ownRules ?? form?.rules[name] ?? NO_RULES;
  const rules = useMemo(() => {
    if (disabled) return NO_RULES;
    if (requiredFlag && !isRequiredByRules(baseRules)) return [rule.required(), ...baseRules];
    return baseRules;
  }, [baseRules, disabled, requiredFlag]);

  // Rules given to the field itself are validated on submit too.
  const registerRules = form?.registerRules;
  useEffect(() => {
    if (!registerRules || (ownRules === undefined && !requiredFlag)) return;
    return registerRules(name, rules);
  }, [registerRules, name, rules, ownRules, requiredFlag]);

  const [ownError, setOwnError] = useState<string | null>(null);
  const formSetError = form?.setError;
  const setError = useCallback(
    (message: string | null) => (formSetError ? formSetError(name, message) : setOwnError(message)),
    [formSetError, name],
  );

  // Timers read the latest rules, not those of the render that started them.
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const validate = useCallback(
    (value: unknown, formElement?: HTMLFormElement | null) => {
      cancel();
      const message = validateField(value, rulesRef.current, formElement ? formValues(formElement) : {});
      afterPointerRelease(() => setError(message));
      return message;
    },
    [cancel, setError],
  );

  const schedule = useCallback(
    (value: unknown, formElement?: HTMLFormElement | null) => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = undefined;
        validate(value, formElement);
      }, debounceMs);
    },
    [cancel, validate, debounceMs],
  );

  useEffect(() => cancel, [cancel]);

  // A field that becomes disabled drops its message.
  useEffect(() => {
    if (disabled) {
      cancel();
      setError(null);
    }
  }, [disabled, cancel, setError]);

  const shown = disabled ? null : formSetError ? (form?.errors[name] ?? null) : ownError;
  return { error: shown, rules, required: isRequiredByRules(rules), validate, schedule, cancel };
}
