import { COUNTRY_SLUGS, TICKETING_CATEGORIES } from '@guichet/domain';
import { Button, buttonClass } from '@guichet/ui/button';
import { CheckboxField, FieldError, RichTextField, SelectField, TextField, ValidatedForm } from '@guichet/ui/form';
import { submittedValues as all, type FormReply, type SubmittedValues } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { WhenFields } from './when-fields';

const COUNTRY_LABELS: Record<(typeof COUNTRY_SLUGS)[number], string> = {
  france: 'France',
  belgique: 'Belgique',
  suisse: 'Suisse',
};

const NO_RULES = {};

/** The venue select's choice: a known place (its JSON, see venueOptionValue) or « Autre lieu ». */
export type VenueOption = { value: string; label: string };
export type PerformerOption = { id: number; name: string; picked: boolean };

const one = (values: SubmittedValues, name: string): string => all(values, name).at(-1) ?? '';

export type TicketingFormProps = {
  /** What the fields show: the saved ticketing, or what was typed when the server refused it. */
  values: SubmittedValues;
  reply: FormReply | null;
  venues: readonly VenueOption[];
  performers: readonly PerformerOption[];
  /** Where the visuals' addresses (`/media/…`, `/visuals/…`) are read from: the public site, which serves them. */
  visualBase?: string;
  submitLabel: string;
  /** The performer search's own (GET) form, outside this one: its id for the search field's `form`. */
  performerSearchForm?: string;
  performerQuery?: string;
};

/**
 * The ticketing form: a real <form method="post"> (works without JavaScript; the action validates with the
 * API's own schema and sends back the messages and what was typed). Field names are flat (see
 * ticketing-fields.ts for the body they make).
 */
export function TicketingForm({
  values,
  reply,
  venues,
  performers,
  visualBase,
  submitLabel,
  performerSearchForm,
  performerQuery = '',
}: TicketingFormProps) {
  const submitting = useSubmitting();
  const errors = reply?.errors ?? {};
  const visualUrls = all(values, 'visualUrl');
  const visualAlts = all(values, 'visualAlt');
  return (
    <ValidatedForm rules={NO_RULES} reply={reply} className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      {values.version !== undefined ? <input type="hidden" name="version" value={one(values, 'version')} /> : null}
      <TextField name="title" label="Titre" required maxLength={120} defaultValue={one(values, 'title')} />
      <SelectField
        name="category"
        label="Catégorie"
        required
        placeholder="Choisissez…"
        defaultValue={one(values, 'category')}
        options={TICKETING_CATEGORIES.map((category) => ({ value: category, label: category }))}
      />
      <WhenFields values={values} />
      <fieldset className="space-y-4 rounded-xl border border-slate-300 p-4">
        <legend className="px-1 font-semibold">Où ?</legend>
        <SelectField
          name="venue"
          label="Lieu"
          hint="Un lieu déjà connu, ou « Autre lieu » et les champs ci-dessous."
          defaultValue={one(values, 'venue')}
          options={[{ value: '', label: 'Autre lieu (saisi ci-dessous)' }, ...venues]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="venueName" label="Nom du lieu" maxLength={120} defaultValue={one(values, 'venueName')} />
          <TextField
            name="venueAddress"
            label="Adresse"
            maxLength={200}
            autoComplete="street-address"
            defaultValue={one(values, 'venueAddress')}
          />
          <TextField
            name="venuePostalCode"
            label="Code postal"
            maxLength={12}
            autoComplete="postal-code"
            defaultValue={one(values, 'venuePostalCode')}
          />
          <TextField
            name="venueCity"
            label="Ville"
            maxLength={80}
            autoComplete="address-level2"
            defaultValue={one(values, 'venueCity')}
          />
          <SelectField
            name="venueCountry"
            label="Pays"
            defaultValue={one(values, 'venueCountry') || 'france'}
            options={COUNTRY_SLUGS.map((slug) => ({ value: slug, label: COUNTRY_LABELS[slug] }))}
          />
        </div>
      </fieldset>
      <TextField
        name="summary"
        label="Résumé"
        hint="Une ou deux phrases, montrées sur les cartes (300 caractères au plus)."
        required
        maxLength={300}
        defaultValue={one(values, 'summary')}
      />
      <RichTextField
        name="description"
        label="Description"
        hint="Titres, gras, italique, souligné et liens."
        defaultValue={one(values, 'description')}
      />
      <fieldset className="space-y-3 rounded-xl border border-slate-300 p-4">
        <legend className="px-1 font-semibold">Artistes</legend>
        {performers.length === 0 ? <p className="text-sm text-slate-700">Aucun artiste associé.</p> : null}
        {performers.map((performer) => (
          <CheckboxField
            key={performer.id}
            name="performerIds"
            value={String(performer.id)}
            label={performer.name}
            defaultChecked={performer.picked}
          />
        ))}
        {errors.performerIds ? <FieldError id="performerIds-error">{errors.performerIds}</FieldError> : null}
        {performerSearchForm ? (
          <div className="flex flex-wrap items-end gap-2">
            <div className="grow">
              <label htmlFor="performer-search" className="block font-semibold">
                Chercher un artiste
              </label>
              <p id="performer-search-hint" className="text-sm text-slate-700">
                Enregistrez d’abord vos changements : la recherche recharge la page.
              </p>
              <input
                id="performer-search"
                form={performerSearchForm}
                name="artiste"
                type="search"
                maxLength={100}
                defaultValue={performerQuery}
                aria-describedby="performer-search-hint"
                className="mt-1.5 block min-h-11 w-full rounded-lg border border-slate-400 px-3"
              />
            </div>
            <button type="submit" form={performerSearchForm} className={buttonClass('secondary')}>
              Chercher
            </button>
          </div>
        ) : null}
      </fieldset>
      {visualUrls.length > 0 ? (
        <fieldset className="space-y-4 rounded-xl border border-slate-300 p-4">
          <legend className="px-1 font-semibold">Visuels (le premier sert de bannière)</legend>
          <ol className="space-y-4">
            {visualUrls.map((url, index) => {
              const altError = errors[`visualAlt.${index}`];
              return (
                <li key={url} className="flex flex-wrap items-start gap-3">
                  <input type="hidden" name="visualUrl" value={url} />
                  <img
                    src={visualBase ? new URL(url, visualBase).href : url}
                    alt=""
                    width={120}
                    height={68}
                    className="rounded object-cover"
                  />
                  <div className="min-w-0 grow">
                    <label htmlFor={`visual-alt-${index}`} className="block font-semibold">
                      Texte alternatif du visuel {index + 1}
                    </label>
                    <input
                      id={`visual-alt-${index}`}
                      name="visualAlt"
                      maxLength={200}
                      defaultValue={visualAlts[index] ?? ''}
                      aria-invalid={altError ? true : undefined}
                      aria-describedby={altError ? `visual-alt-${index}-error` : undefined}
                      className="mt-1.5 block min-h-11 w-full rounded-lg border border-slate-400 px-3"
                    />
                    {altError ? <FieldError id={`visual-alt-${index}-error`}>{altError}</FieldError> : null}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="submit"
                      name="visualAction"
                      value={`up:${index}`}
                      disabled={index === 0}
                      className={buttonClass('tertiary')}
                    >
                      Monter<span className="sr-only"> le visuel {index + 1}</span>
                    </button>
                    <button
                      type="submit"
                      name="visualAction"
                      value={`down:${index}`}
                      disabled={index === visualUrls.length - 1}
                      className={buttonClass('tertiary')}
                    >
                      Descendre<span className="sr-only"> le visuel {index + 1}</span>
                    </button>
                    <button
                      type="submit"
                      name="visualAction"
                      value={`remove:${index}`}
                      className={buttonClass('tertiary')}
                    >
                      Retirer<span className="sr-only"> le visuel {index + 1}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
          <p className="text-sm text-slate-700">Monter, descendre ou retirer enregistre aussi le formulaire.</p>
        </fieldset>
      ) : null}
      {errors.visuals ? <FieldError id="visuals-error">{errors.visuals}</FieldError> : null}
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </ValidatedForm>
  );
}
