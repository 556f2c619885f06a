import { TextField } from '@guichet/ui/form';
import { submittedValue as one, type SubmittedValues } from '@guichet/ui/form-validation';

/**
 * « Quand ? »: a performance's date and hours, or a period's days (Paris time), as flat fields the API's
 * `when` is read from (ticketing-fields.ts). The ticketing form and the postponement's share them. Inside a
 * ValidatedForm: each field shows its error from the form's reply.
 */
export function WhenFields({ values }: { values: SubmittedValues }) {
  const schedule = one(values, 'schedule') || 'DATED';
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-300 p-4">
      <legend className="px-1 font-semibold">Quand ?</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2">
          <input type="radio" name="schedule" value="DATED" defaultChecked={schedule === 'DATED'} className="size-5" />
          Date et heure
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="schedule"
            value="PERIOD"
            defaultChecked={schedule === 'PERIOD'}
            className="size-5"
          />
          Période — horaire libre
        </label>
      </div>
      <p className="text-sm text-slate-700">Heure de Paris. Remplissez les champs du choix coché.</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField name="date" type="date" label="Date" defaultValue={one(values, 'date')} />
        <TextField name="time" type="time" label="Heure de début" defaultValue={one(values, 'time')} />
        <TextField
          name="endTime"
          type="time"
          label="Heure de fin"
          hint="Facultative"
          defaultValue={one(values, 'endTime')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="firstDay" type="date" label="Du" defaultValue={one(values, 'firstDay')} />
        <TextField name="lastDay" type="date" label="Au" defaultValue={one(values, 'lastDay')} />
      </div>
    </fieldset>
  );
}
