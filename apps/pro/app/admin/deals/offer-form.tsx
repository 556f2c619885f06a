import { OFFER_CATEGORIES } from '@guichet/domain';
import { Button } from '@guichet/ui/button';
import { CheckboxField, RichTextField, SelectField, TextField, ValidatedForm } from '@guichet/ui/form';
import type { FormReply, SubmittedValues } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { one } from './deal-fields';

const NO_RULES = {};

export type PartnerOption = { value: string; label: string };

const many = (values: SubmittedValues, name: string): string[] => {
  const value = values[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

/**
 * An offer's form (new or saved): a real <form method="post"> (works without JavaScript; the action checks it
 * with the API's own schema and sends back the messages and what was typed). A saved offer's form carries the
 * stamp it read (`updatedAt`) and its visuals (kept, with their alternative texts, or removed).
 */
export function OfferForm({
  values,
  reply,
  partners,
  visualBase = '',
  submitLabel,
}: {
  values: SubmittedValues;
  reply: FormReply | null;
  partners: readonly PartnerOption[];
  visualBase?: string;
  submitLabel: string;
}) {
  const submitting = useSubmitting('save');
  const urls = many(values, 'visualUrl');
  const alts = many(values, 'visualAlt');
  return (
    <ValidatedForm rules={NO_RULES} reply={reply} className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      {one(values, 'updatedAt') ? <input type="hidden" name="updatedAt" value={one(values, 'updatedAt')} /> : null}
      <TextField name="title" label="Titre" required maxLength={120} defaultValue={one(values, 'title')} />
      <SelectField
        name="partnerId"
        label="Partenaire"
        required
        placeholder="Choisissez…"
        defaultValue={one(values, 'partnerId')}
        options={partners}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="category"
          label="Catégorie"
          required
          placeholder="Choisissez…"
          defaultValue={one(values, 'category')}
          options={OFFER_CATEGORIES.map((category) => ({ value: category, label: category }))}
        />
        <TextField name="city" label="Ville" required maxLength={80} defaultValue={one(values, 'city')} />
        <TextField
          name="validFrom"
          type="date"
          label="Valable du"
          hint="Heure de Paris, dès 00:00."
          required
          defaultValue={one(values, 'validFrom')}
        />
        <TextField
          name="validUntil"
          type="date"
          label="Valable jusqu’au"
          hint="Heure de Paris, jusqu’à 23:59."
          required
          defaultValue={one(values, 'validUntil')}
        />
      </div>
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
      <RichTextField
        name="terms"
        label="Conditions d’utilisation"
        hint="Réservation, jours, durée de validité du bon…"
        defaultValue={one(values, 'terms')}
      />
      <CheckboxField
        name="featured"
        label="À la une (montré d’abord sur la page des bons plans)"
        defaultChecked={one(values, 'featured') !== ''}
      />
      {urls.length > 0 ? (
        <fieldset className="space-y-4 rounded-xl border border-slate-300 p-4">
          <legend className="px-1 font-semibold">Visuels</legend>
          <p className="text-sm text-slate-700">Le premier est la vignette. Décochez un visuel pour le retirer.</p>
          {urls.map((url, index) => (
            <div key={url} className="grid gap-3 sm:grid-cols-[8rem_1fr] sm:items-start">
              <img src={`${visualBase}${url}`} alt="" className="w-32 rounded-lg" />
              <div className="space-y-2">
                <CheckboxField name="visualKeep" value={url} label="Garder ce visuel" defaultChecked />
                <input type="hidden" name="visualUrl" value={url} />
                <TextField
                  name="visualAlt"
                  id={`visual-alt-${index}`}
                  label="Texte alternatif"
                  maxLength={200}
                  defaultValue={alts[index] ?? ''}
                />
              </div>
            </div>
          ))}
        </fieldset>
      ) : null}
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </ValidatedForm>
  );
}
