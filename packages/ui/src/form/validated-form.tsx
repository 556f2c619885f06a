import { type FieldRules, type Rule, validateForm } from '@guichet/domain';
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Form, type FormProps } from 'react-router';
import { useSiteHref } from '../app-link';
import { type FormErrors, type FormReply, formValues, type SubmittedValues } from '../lib/form-validation';

type FormKitContextValue = {
  /** The form's rules by field name. */
  rules: FieldRules;
  /** Messages shown now, by field name. */
  errors: FormErrors;
  /** The values the server sent back with a refused form (defaults of the fields). */
  values: SubmittedValues;
  setError(field: string, message: string | null): void;
  /** A field's own rules, for fields given `rules` directly; returns the unregister function. */
  registerRules(field: string, rules: readonly Rule[]): () => void;
};

const FormKitContext = createContext<FormKitContextValue | null>(null);

/** The ValidatedForm around a field, or null for a field used on its own. */
export function useFormKit(): FormKitContextValue | null {
  return useContext(FormKitContext);
}

/** A field counts only when some control of that name can be submitted: disabled ones are not validated. */
function isSubmittable(form: HTMLFormElement, field: string): boolean {
  const control = form.elements.namedItem(field);
  if (control === null) return true;
  const controls = control instanceof RadioNodeList ? Array.from(control) : [control];
  return controls.some((element) => !(element instanceof HTMLElement && 'disabled' in element && element.disabled));
}

export type ValidatedFormProps = Omit<FormProps, 'noValidate'> & {
  /** Every field's rules: the same object the route's action validates with. */
  rules: FieldRules;
  /** What the action answered for a refused submission (`form.reply` of readForm). */
  reply?: FormReply | null;
  children: ReactNode;
};

/**
 * A real <form method="post"> (React Router's Form) whose fields validate with the form's rules: as you
 * type (debounced), on blur, and all at once on submit, which is stopped while a field is invalid (focus
 * goes to the first one). `noValidate`: the browser's own bubbles would replace our French messages; without
 * JavaScript the server validates with the same rules and the page comes back with the messages.
 */
export function ValidatedForm({
  rules,
  reply,
  children,
  method = 'post',
  onSubmit,
  action,
  ...props
}: ValidatedFormProps) {
  // An explicit action keeps the CSE journey (without one, React Router posts to this page, query and all).
  const siteHref = useSiteHref();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors>(() => reply?.errors ?? {});
  const [shownReply, setShownReply] = useState(reply);
  const [focusRequest, setFocusRequest] = useState(0);
  const ownRules = useRef(new Map<string, readonly Rule[]>());

  // A new answer from the server replaces the messages shown (derived during render: no flash of old ones).
  if (reply !== shownReply) {
    setShownReply(reply);
    setErrors(reply?.errors ?? {});
    if (reply && Object.keys(reply.errors).length > 0) setFocusRequest((count) => count + 1);
  }

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const setError = useCallback((field: string, message: string | null) => {
    setErrors((current) => {
      if ((current[field] ?? null) === message) return current;
      const next = { ...current };
      if (message === null) delete next[field];
      else next[field] = message;
      return next;
    });
  }, []);

  const registerRules = useCallback((field: string, fieldRules: readonly Rule[]) => {
    ownRules.current.set(field, fieldRules);
    return () => {
      if (ownRules.current.get(field) === fieldRules) ownRules.current.delete(field);
    };
  }, []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    onSubmit?.(event);
    if (event.defaultPrevented) return;
    const form = event.currentTarget;
    const allRules: Record<string, readonly Rule[]> = { ...rules, ...Object.fromEntries(ownRules.current) };
    const checked = Object.fromEntries(Object.entries(allRules).filter(([field]) => isSubmittable(form, field)));
    const found = validateForm(formValues(form), checked) as FormErrors;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setFocusRequest((count) => count + 1);
    }
  };

  const context = useMemo<FormKitContextValue>(
    () => ({ rules, errors, values: reply?.values ?? {}, setError, registerRules }),
    [rules, errors, reply, setError, registerRules],
  );

  return (
    <FormKitContext.Provider value={context}>
      <Form
        ref={formRef}
        method={method}
        noValidate
        onSubmit={handleSubmit}
        action={action === undefined ? undefined : siteHref(action)}
        {...props}
      >
        {children}
      </Form>
    </FormKitContext.Provider>
  );
}
