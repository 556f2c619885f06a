import { Button } from '@guichet/ui/button';
import { TextField, ValidatedForm } from '@guichet/ui/form';
import type { FormReply, SubmittedValues } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { one } from './deal-fields';

const NO_RULES = {};

/** A partner's form (new or saved): a real <form method="post">, checked by the action with the API's schema. */
export function PartnerForm({
  values,
  reply,
  submitLabel,
}: {
  values: SubmittedValues;
  reply: FormReply | null;
  submitLabel: string;
}) {
  const submitting = useSubmitting();
  return (
    <ValidatedForm rules={NO_RULES} reply={reply} className="max-w-2xl space-y-5">
      <TextField name="name" label="Nom" required maxLength={120} defaultValue={one(values, 'name')} />
      <TextField
        name="address"
        label="Adresse"
        hint="Où les bons sont utilisés : elle est recopiée sur les bons plans du partenaire."
        maxLength={200}
        autoComplete="street-address"
        defaultValue={one(values, 'address')}
      />
      <TextField name="city" label="Ville" maxLength={80} defaultValue={one(values, 'city')} />
      <fieldset className="space-y-4 rounded-xl border border-slate-300 p-4">
        <legend className="px-1 font-semibold">Contact</legend>
        <TextField
          name="contactName"
          label="Nom du contact"
          maxLength={120}
          defaultValue={one(values, 'contactName')}
        />
        <TextField
          name="contactEmail"
          type="email"
          label="E-mail du contact"
          maxLength={254}
          autoComplete="off"
          defaultValue={one(values, 'contactEmail')}
        />
        <TextField
          name="contactPhone"
          type="tel"
          label="Téléphone du contact"
          hint="10 chiffres."
          maxLength={20}
          defaultValue={one(values, 'contactPhone')}
        />
      </fieldset>
      <TextField
        name="organizerId"
        label="Organisateur du site pro (n°)"
        hint="Facultatif : si le partenaire est aussi un organisateur, ses contrôleurs vérifient les bons."
        inputMode="numeric"
        maxLength={10}
        defaultValue={one(values, 'organizerId')}
      />
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </ValidatedForm>
  );
}
