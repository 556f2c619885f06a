import { errorMessageFor, PRO_PATHS } from '@guichet/domain';
import { Link } from 'react-router';

/** The error page, like the public site's: the status code digits, the spec's message and a way back. */
export function ErrorPage({ status, details }: { status: number; details?: string | undefined }) {
  return (
    <section className="container-page flex flex-col items-center py-16 text-center sm:py-24">
      <h1 className="flex flex-col items-center gap-2">
        <span className="text-8xl font-extrabold tracking-tight text-brand-700 sm:text-9xl">{status}</span>{' '}
        <span className="text-2xl font-bold text-slate-900 sm:text-3xl">{errorMessageFor(status)}</span>
      </h1>
      <Link to={PRO_PATHS.home} className="btn btn-primary mt-10">
        Retourner au tableau de bord
      </Link>
      {details ? (
        <pre className="mt-10 max-w-full overflow-auto rounded-lg bg-slate-100 p-4 text-left text-sm">{details}</pre>
      ) : null}
    </section>
  );
}
