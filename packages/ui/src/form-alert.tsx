import { type ReactNode, useEffect, useRef } from 'react';
import { CircleAlert } from './icons';

/**
 * A form's own message, above its fields (the form kit's messages belong to fields): a failed login, an
 * expired link, an unreachable service. role="alert" so it is announced when it appears.
 */
export function FormAlert({
  children,
  className = '',
  focus = false,
}: {
  children: ReactNode;
  className?: string;
  /**
   * Take the focus when shown (the answer to a submission): keyboard and screen-reader users land on the
   * message, not on the page's top. `autofocus` does it on a page served after a POST without JavaScript,
   * the effect when the alert mounts after a submission with JavaScript (React's own autoFocus only
   * focuses form controls); key it by the attempt to focus it again after each one.
   */
  focus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={focus ? -1 : undefined}
      // biome-ignore lint/a11y/noAutofocus: the message answers the visitor's own submission; see `focus`.
      autoFocus={focus}
      className={`flex items-start gap-3 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900 ${className}`}
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
      <div className="text-sm font-medium">{children}</div>
    </div>
  );
}

/** A confirmation shown in place (the "forgot password" answer). */
export function FormSuccess({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="status"
      className={`rounded-lg border-l-4 border-green-700 bg-green-50 px-4 py-3 text-sm font-medium text-green-900 ${className}`}
    >
      {children}
    </div>
  );
}
