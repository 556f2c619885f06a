import { errorMessageFor } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';

/** The error page: the status code digits, the message and a way home. */
export function ErrorPage({
  status,
  details,
  explanation,
}: {
  status: number;
  details?: string | undefined;
  /** Why, in French, when the page refusing knows (a download link that is not valid). */
  explanation?: string | null | undefined;
}) {
  return (
    <section className="container-page flex flex-col items-center py-16 text-center sm:py-24">
      <h1 className="flex flex-col items-center gap-2">
        <span className="text-8xl font-extrabold tracking-tight text-brand-700 sm:text-9xl">{status}</span>{' '}
        <span className="text-2xl font-bold text-slate-900 sm:text-3xl">{errorMessageFor(status)}</span>
      </h1>
      {explanation ? <p className="mt-6 max-w-xl text-lg text-slate-700">{explanation}</p> : null}
      <AppLink to="/" className="btn btn-primary mt-10">
        Retourner à l'accueil
      </AppLink>
      {details ? (
        <pre className="mt-10 max-w-full overflow-auto rounded-lg bg-slate-100 p-4 text-left text-sm">{details}</pre>
      ) : null}
    </section>
  );
}
