/**
 * The postponement form (« Reporter ») between its flat fields and the API's body: the new date typed as the
 * ticketing form's « Quand ? » (Paris time), the refund requests' deadline as a date and an hour, turned into
 * the instants `PostponeTicketingBody` takes. The schemas' and the API's messages go back on their fields.
 */
import { ParisDateTime, PERIOD_DAYS_MESSAGE, PostponeTicketingBody, TicketingWhen } from '@guichet/contracts';
import { parisDate, parisInstant, parisParts, scheduleInstants } from '@guichet/domain';
import {
  type FormErrors,
  submittedValue as one,
  type SubmittedValues,
  valuesFromFormData,
} from '@guichet/ui/form-validation';
import type { z } from 'zod';
import { errorsOfIssues } from './ticketing-fields';

/** Where the API's issues about the body's instants are shown. */
function fieldOfBodyPath(path: readonly PropertyKey[], schedule: string): string {
  const [first] = path.map(String);
  if (first === 'startsAt') return schedule === 'PERIOD' ? 'firstDay' : 'date';
  if (first === 'endsAt') return schedule === 'PERIOD' ? 'lastDay' : 'endTime';
  if (first === 'refundRequestsUntil') return 'refundUntilDate';
  return '';
}

/** The API's (or the body schema's) issues on the form's fields; a message about the whole form under ''. */
export function errorsOfBodyIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  schedule: string,
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const field = fieldOfBodyPath(issue.path, schedule);
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

export type PostponeForm =
  | { ok: true; values: SubmittedValues; body: z.output<typeof PostponeTicketingBody> }
  | { ok: false; values: SubmittedValues; errors: FormErrors };

/** The posted fields read: the body to send, or each field's first message (nothing sent). */
export function readPostponeForm(formData: FormData): PostponeForm {
  const values = valuesFromFormData(formData);
  const schedule = one(values, 'schedule');
  const whenFields =
    schedule === 'PERIOD'
      ? { schedule, firstDay: one(values, 'firstDay'), lastDay: one(values, 'lastDay') }
      : { schedule, date: one(values, 'date'), time: one(values, 'time'), endTime: one(values, 'endTime') || null };
  const when = TicketingWhen.safeParse(whenFields);
  const until = ParisDateTime.safeParse({ date: one(values, 'refundUntilDate'), time: one(values, 'refundUntilTime') });
  const errors: FormErrors = {
    ...(when.success
      ? {}
      : errorsOfIssues(when.error.issues.map((issue) => ({ ...issue, path: ['when', ...issue.path] })))),
    ...(until.success
      ? {}
      : {
          [until.error.issues[0]?.path[0] === 'time' ? 'refundUntilTime' : 'refundUntilDate']:
            until.error.issues[0]?.message ?? '',
        }),
  };
  if (!when.success || !until.success) return { ok: false, values, errors };
  if (when.data.schedule === 'PERIOD' && when.data.lastDay <= when.data.firstDay) {
    return { ok: false, values, errors: { lastDay: PERIOD_DAYS_MESSAGE } };
  }
  const { startsAt, endsAt } = scheduleInstants(when.data);
  const body = PostponeTicketingBody.safeParse({
    version: Number(one(values, 'version')),
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    refundRequestsUntil: parisInstant(until.data.date, until.data.time).toISOString(),
  });
  if (!body.success) return { ok: false, values, errors: errorsOfBodyIssues(body.error.issues, schedule) };
  return { ok: true, values, body: body.data };
}

/** The form before anything is typed: the ticketing's current date, a deadline left to choose. */
export function postponeValues(ticketing: {
  schedule: string;
  startsAt: string;
  endsAt: string;
  version: number;
}): SubmittedValues {
  const start = parisParts(ticketing.startsAt);
  const end = parisParts(ticketing.endsAt);
  return {
    schedule: ticketing.schedule,
    date: parisDate(ticketing.startsAt),
    time: `${start.hour}:${start.minute}`,
    endTime: ticketing.schedule === 'DATED' ? `${end.hour}:${end.minute}` : '',
    firstDay: parisDate(ticketing.startsAt),
    lastDay: parisDate(ticketing.endsAt),
    refundUntilDate: '',
    refundUntilTime: '23:59',
    version: String(ticketing.version),
  };
}
