import { Button, buttonClass } from '@guichet/ui/button';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { Form, Link } from 'react-router';

/**
 * The question asked before a status change (publish, end…): a plain POST (`intent=status`) carrying the status
 * asked and the stamp the page read (a ticketing's `version`, a deal's `updatedAt`), or a link back to the page.
 * The ticketings' and the deals' pages use it.
 */
export function StatusConfirm({
  change,
  stamp,
  cancel,
}: {
  change: { to: string; label: string; confirm: string };
  stamp: { name: string; value: string | number };
  /** The page without the question. */
  cancel: string;
}) {
  const busy = useSubmitting('status');
  return (
    <div role="alertdialog" aria-labelledby="confirm-text" className="mt-4 rounded-lg border border-slate-300 p-4">
      <p id="confirm-text" className="font-medium">
        {change.confirm}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="status" value={change.to} />
          <input type="hidden" name={stamp.name} value={stamp.value} />
          <Button type="submit" loading={busy} variant="action">
            Confirmer : {change.label.toLowerCase()}
          </Button>
        </Form>
        <Link to={cancel} className={buttonClass('secondary')}>
          Ne rien changer
        </Link>
      </div>
    </div>
  );
}
