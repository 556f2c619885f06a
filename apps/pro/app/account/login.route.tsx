import { LoginCredentials } from '@guichet/contracts';
import { PRO_PATHS } from '@guichet/domain';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { proLogin } from '../lib/server/api.server';
import { getProSession } from '../lib/server/session.server';
import type { Route } from './+types/login.route';

export const meta: Route.MetaFunction = () => [{ title: 'Connexion | Guichet Pro' }];

type LoginErrors = { email?: string; password?: string; alert?: string };

/** A signed-in organiser has nothing to do here. */
export function loader({ context }: Route.LoaderArgs) {
  if (getProSession(context).signedIn) throw redirect(PRO_PATHS.home);
  return null;
}

/**
 * Checks the fields with the API's own schema (the same French messages), then asks the API: the tokens
 * become the session and the organiser goes to the dashboard; a refusal is said above the form, the e-mail
 * kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const typed = { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') };
  const parsed = LoginCredentials.safeParse(typed);
  if (!parsed.success) {
    const errors: LoginErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
    }
    return data({ errors, email: typed.email }, { status: 400 });
  }
  const answer = await proLogin(request, parsed.data);
  if (answer.status === 200) {
    await getProSession(context).commit(answer.body);
    throw redirect(PRO_PATHS.home);
  }
  return data(
    { errors: { alert: answer.body.message } satisfies LoginErrors, email: typed.email },
    {
      status: answer.status,
    },
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/** The organiser's login: a plain form, posted and answered by the server (JavaScript optional). */
export default function Login({ actionData }: Route.ComponentProps) {
  const errors: LoginErrors = actionData?.errors ?? {};
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="container-page max-w-md py-10">
      <h1 className="text-3xl font-bold tracking-tight">Connexion à l’espace pro</h1>
      <Form method="post" noValidate className="mt-8 space-y-5 rounded-xl bg-white p-6 shadow-sm">
        {errors.alert ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
            {errors.alert}
          </p>
        ) : null}
        <div>
          <label htmlFor="email" className="font-medium">
            Adresse e-mail
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={actionData?.email ?? ''}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'email-error' : undefined}
            className="field-input"
          />
          <FieldError id="email-error" message={errors.email} />
        </div>
        <div>
          <label htmlFor="password" className="font-medium">
            Mot de passe
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'password-error' : undefined}
            className="field-input"
          />
          <FieldError id="password-error" message={errors.password} />
        </div>
        <button type="submit" className="btn btn-primary w-full" aria-busy={busy || undefined}>
          Se connecter
        </button>
      </Form>
      <p className="mt-6">
        Pas encore de compte ?{' '}
        <Link to={PRO_PATHS.signup} className="underline">
          Ouvrir une billetterie
        </Link>
      </p>
    </div>
  );
}
