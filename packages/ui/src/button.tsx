import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { AppLink } from './app-link';
import { LoaderCircle } from './icons';

/** The spec's button variants (section 9). */
export const BUTTON_VARIANTS = ['primary', 'secondary', 'tertiary', 'action', 'tiptap', 'inline'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

const base =
  'inline-flex items-center justify-center gap-2 font-semibold no-underline transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed';

const variantClass: Record<ButtonVariant, string> = {
  primary:
    'min-h-11 rounded-full bg-brand-700 px-5 py-2 text-white hover:bg-brand-800 disabled:bg-slate-400 aria-disabled:bg-slate-400',
  secondary:
    'min-h-11 rounded-full border-2 border-brand-700 bg-white px-5 py-2 text-brand-800 hover:bg-brand-50 disabled:border-slate-400 disabled:text-slate-600',
  tertiary:
    'min-h-11 rounded-full px-4 py-2 text-brand-800 underline-offset-4 hover:bg-brand-50 hover:underline disabled:text-slate-600',
  action:
    'min-h-11 rounded-lg bg-emerald-700 px-5 py-2 text-white hover:bg-emerald-800 disabled:bg-slate-400 aria-disabled:bg-slate-400',
  tiptap:
    'min-h-9 min-w-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 hover:bg-slate-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-100 aria-pressed:text-brand-900 disabled:text-slate-400',
  inline:
    'inline p-0 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 disabled:text-slate-500',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variantClass[variant]} ${extra}`.trim();
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /**
   * Shows a spinner, keeps the label for screen readers, and refuses clicks until done. The button stays
   * enabled (aria-disabled): a disabled button loses the keyboard focus to the page's body (issue 22).
   */
  loading?: boolean;
  icon?: ReactNode;
};

export function Button({
  variant = 'primary',
  loading = false,
  disabled,
  icon,
  className = '',
  type = 'button',
  children,
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        // Busy: neither a second submission nor the button's own action.
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    >
      {loading ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}

/** A link that looks like a button (navigation stays a link for assistive technologies). */
export function ButtonLink({
  to,
  variant = 'primary',
  className = '',
  children,
}: {
  to: string;
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
}) {
  return (
    <AppLink to={to} className={buttonClass(variant, className)}>
      {children}
    </AppLink>
  );
}
