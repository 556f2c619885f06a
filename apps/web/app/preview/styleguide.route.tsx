import { MASKS, parseRichTextField, requiredRichText, rule } from '@guichet/domain';
import { Button } from '@guichet/ui/button';
import { CheckboxField, RichTextField, SelectField, TextField, ValidatedForm } from '@guichet/ui/form';
import { readForm } from '@guichet/ui/read-form.server';
import { RichText } from '@guichet/ui/rich-text';
import { data } from 'react-router';
import { pageMeta } from '../lib/meta';
import { notFound } from '../lib/route-params';
import { serverEnv } from '../lib/server/env.server';
import type { Route } from './+types/styleguide.route';

/** The feedback form's rules: the page runs them as you type, the action runs them again on the server. */
const feedbackRules = {
  name: [rule.required(), rule.maxLength(80)],
  email: [rule.required(), rule.email()],
  phone: [rule.phone(10)],
  postalCode: [rule.regex(/^\d{5}$/)],
  subject: [rule.required()],
  message: [requiredRichText()],
  consent: [rule.checked()],
};

const SUBJECTS = [
  { value: 'billetterie', label: 'Une billetterie' },
  { value: 'site', label: 'Le site Guichet' },
  { value: 'paiement', label: 'Le paiement' },
  { value: 'autre', label: 'Autre chose' },
];

/** A preview page: 404 unless preview features are on. */
export function loader({ request }: Route.LoaderArgs) {
  if (!serverEnv.PREVIEW_FEATURES) notFound(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  if (!serverEnv.PREVIEW_FEATURES) notFound(request);
  const form = await readForm(request, feedbackRules);
  if (!form.ok) return data({ reply: form.reply, published: null }, { status: 400 });
  // Nothing is kept: the page shows the message as it would be published.
  return {
    reply: null,
    published: { name: form.values.name.trim(), message: parseRichTextField(form.values.message) },
  };
}

export default function Styleguide({ actionData }: Route.ComponentProps) {
  const published = actionData?.published ?? null;
  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Guide de style</h1>
      <p className="mt-4 max-w-prose text-lg text-slate-700">
        Les composants du site, pour les essayer : formulaires et texte enrichi.
      </p>

      <section aria-labelledby="formulaires" className="mt-12">
        <h2 id="formulaires" className="text-2xl font-bold text-slate-900">
          Donnez votre avis
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          Les champs marqués d’un astérisque (<span aria-hidden="true">*</span>
          <span className="sr-only">astérisque</span>) sont obligatoires.
        </p>
        <ValidatedForm
          rules={feedbackRules}
          reply={actionData?.reply}
          aria-labelledby="formulaires"
          className="mt-6 grid max-w-2xl gap-6"
        >
          <TextField name="name" label="Votre nom" autoComplete="name" />
          <TextField name="email" label="Adresse e-mail" type="email" autoComplete="email" />
          <div className="grid gap-6 sm:grid-cols-2">
            <TextField
              name="phone"
              label="Téléphone"
              type="tel"
              mask={MASKS.phone}
              autoComplete="tel-national"
              hint="10 chiffres, par exemple 06 12 34 56 78."
            />
            <TextField
              name="postalCode"
              label="Code postal"
              mask={MASKS.postalCode}
              inputMode="numeric"
              autoComplete="postal-code"
              hint="5 chiffres."
            />
          </div>
          <SelectField name="subject" label="Sujet" options={SUBJECTS} placeholder="Choisissez un sujet" />
          <RichTextField name="message" label="Votre message" />
          <CheckboxField name="consent" label="J'accepte que mon avis soit publié" />
          <div>
            <Button type="submit">Envoyer</Button>
          </div>
        </ValidatedForm>

        {published ? (
          <section
            aria-labelledby="avis-publie"
            className="mt-10 max-w-2xl rounded-xl border border-slate-200 bg-slate-50 p-6"
          >
            <h3 id="avis-publie" className="text-xl font-semibold text-slate-900">
              Merci {published.name} ! Votre avis, tel qu’il serait publié :
            </h3>
            <RichText doc={published.message} className="mt-4" />
          </section>
        ) : null}
      </section>

      {/* Modal, notifications, buttons: added by the shell work */}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: 'Guide de style', description: 'Les composants du site Guichet.', robots: 'noindex' }, args);
