import { Button } from '@guichet/ui/button';
import { ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import type { FormReply } from '@guichet/ui/form-validation';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { newOrganizerRules } from '../lib/pro-form-rules';
import { NewOrganizerParts } from './organizer-fields';

/** One more organiser for someone signed in (POST /pro/organizers): they become its owner. */
export function NewOrganizerForm({
  reply,
  error,
  labelledBy,
}: {
  reply: FormReply | null | undefined;
  error: string | null;
  labelledBy: string;
}) {
  const submitting = useSubmitting();
  return (
    <>
      {error ? (
        <FormAlert className="mt-6" focus>
          {error}
        </FormAlert>
      ) : null}
      <ValidatedForm rules={newOrganizerRules} reply={reply} aria-labelledby={labelledBy} className="mt-6 grid gap-8">
        <NewOrganizerParts />
        <div>
          <Button type="submit" loading={submitting} className="w-full sm:w-auto">
            Créer l’organisation
          </Button>
        </div>
      </ValidatedForm>
    </>
  );
}
