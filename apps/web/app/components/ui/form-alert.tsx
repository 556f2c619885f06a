import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A form's own message, above its fields (the form kit's messages belong to fields): a failed login, an
 * expired link, an unreachable service. role="alert" so it is announced when it appears.
 */
export function FormAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
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
