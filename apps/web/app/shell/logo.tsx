import { Link } from 'react-router';

/** The ticket mark of the logo; decorative, the word "Guichet" carries the name. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--color-brand-700)" />
      <path
        d="M7 10a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a3 3 0 0 0 0 6v3a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2v-3a3 3 0 0 0 0-6z"
        fill="#fff"
      />
      <path d="M19 9.5v13" stroke="var(--color-brand-700)" strokeWidth="1.6" strokeDasharray="2 1.6" />
    </svg>
  );
}

const logoClass =
  'inline-flex items-center gap-2 text-xl sm:text-2xl font-extrabold tracking-tight text-brand-900 no-underline';

/** The logo; a link to `to`, or plain text when `to` is null (CSE mode: the logo leads nowhere). */
export function Logo({ to }: { to: string | null }) {
  const content = (
    <>
      <LogoMark className="size-7 sm:size-8" />
      <span>Guichet</span>
    </>
  );
  if (to === null) return <span className={logoClass}>{content}</span>;
  return (
    <Link to={to} className={logoClass}>
      {content}
      <span className="sr-only"> – Accueil</span>
    </Link>
  );
}
