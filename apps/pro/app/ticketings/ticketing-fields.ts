/**
 * The ticketing form's glue between flat HTML fields (what a <form> without JavaScript posts) and the
 * contracts' nested body (CreateTicketingBody / UpdateTicketingBody, the API's own schema): the body built
 * from the fields, the schema's and the API's messages put back on the field they are about, and a saved
 * ticketing turned into the fields' values. Pure: the page shows a saved ticketing with it, the action reads
 * the post with it.
 */
import type { ProTicketing, ProVenue, UpdateTicketingBody, VisualInput } from '@guichet/contracts';
import { parisDate, parisParts, parseRichTextField } from '@guichet/domain';
import {
  submittedValues as all,
  type FormErrors,
  submittedValue as one,
  type SubmittedValues,
  valuesFromFormData,
} from '@guichet/ui/form-validation';
import type { z } from 'zod';

/** The form's field for each path of the body (the first segments; visuals by their index). */
const FIELD_OF_PATH: Record<string, string> = {
  'when.schedule': 'schedule',
  'when.date': 'date',
  'when.time': 'time',
  'when.endTime': 'endTime',
  'when.firstDay': 'firstDay',
  'when.lastDay': 'lastDay',
  'venue.name': 'venueName',
  'venue.address': 'venueAddress',
  'venue.postalCode': 'venuePostalCode',
  'venue.city': 'venueCity',
  'venue.country': 'venueCountry',
};

/** The form field an issue of the body is about ('' for the form as a whole). */
export function fieldOfPath(path: readonly PropertyKey[]): string {
  const [first, second, third] = path.map(String);
  if (!first) return '';
  if (first === 'visuals') return third === 'alt' ? `visualAlt.${second}` : 'visuals';
  return FIELD_OF_PATH[`${first}.${second}`] ?? first;
}

/** Each field's first message, from the schema's issues or the API's `issues`. */
export function errorsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** A known place as the venue select sends it (its JSON), or null for « Autre lieu ». */
function pickedVenue(value: string): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value);
  } catch {
    return {};
  }
}

/**
 * What a button of the visuals list asks (« Monter », « Descendre », « Retirer »): applied to the list the
 * form posted before it is saved, so ordering and removing work without JavaScript.
 */
function visualsOf(values: SubmittedValues): VisualInput[] {
  const urls = all(values, 'visualUrl');
  const alts = all(values, 'visualAlt');
  const visuals = urls.map((url, index) => ({ url, alt: alts[index] ?? '' }));
  const [move, at] = one(values, 'visualAction').split(':');
  const index = Number(at);
  if (!Number.isInteger(index) || index < 0 || index >= visuals.length) return visuals;
  const [picked] = visuals.splice(index, 1);
  if (!picked || move === 'remove') return visuals;
  const target = move === 'up' ? Math.max(0, index - 1) : Math.min(visuals.length, index + 1);
  visuals.splice(target, 0, picked);
  return visuals;
}

/** The values a ticketing form posted, and the body they mean for the API (its schema still to pass). */
export function readTicketingForm(formData: FormData) {
  const values = valuesFromFormData(formData);
  const schedule = one(values, 'schedule');
  const when =
    schedule === 'PERIOD'
      ? { schedule, firstDay: one(values, 'firstDay'), lastDay: one(values, 'lastDay') }
      : { schedule, date: one(values, 'date'), time: one(values, 'time'), endTime: one(values, 'endTime') || null };
  const venue = pickedVenue(one(values, 'venue')) ?? {
    name: one(values, 'venueName'),
    address: one(values, 'venueAddress'),
    postalCode: one(values, 'venuePostalCode'),
    city: one(values, 'venueCity'),
    country: one(values, 'venueCountry'),
  };
  const body = {
    title: one(values, 'title'),
    category: one(values, 'category'),
    when,
    venue,
    summary: one(values, 'summary'),
    // The editor's JSON, or the plain text of the textarea it replaces without JavaScript.
    description: parseRichTextField(one(values, 'description')),
    visuals: visualsOf(values),
    performerIds: all(values, 'performerIds').map(Number),
    ...(values.version === undefined ? {} : { version: Number(one(values, 'version')) }),
  };
  return { values, body };
}

/** The JSON a known place's option carries: what `readTicketingForm` reads back. */
export const venueOptionValue = (venue: ProVenue) =>
  JSON.stringify({
    name: venue.name,
    address: venue.address,
    postalCode: venue.postalCode,
    city: venue.city,
    country: venue.country,
  });

/** A saved ticketing as the form's fields (what the form shows before anything is typed). */
export function valuesOfTicketing(ticketing: ProTicketing): SubmittedValues {
  const start = parisParts(ticketing.startsAt);
  const end = parisParts(ticketing.endsAt);
  return {
    title: ticketing.title,
    category: ticketing.category,
    schedule: ticketing.schedule,
    date: parisDate(ticketing.startsAt),
    time: `${start.hour}:${start.minute}`,
    endTime: ticketing.schedule === 'DATED' ? `${end.hour}:${end.minute}` : '',
    firstDay: parisDate(ticketing.startsAt),
    lastDay: parisDate(ticketing.endsAt),
    venue: '',
    venueName: ticketing.venue.name,
    venueAddress: ticketing.venue.address,
    venuePostalCode: ticketing.venue.postalCode,
    venueCity: ticketing.venue.city,
    venueCountry: ticketing.venue.country,
    summary: ticketing.summary,
    description: JSON.stringify(ticketing.description),
    visualUrl: ticketing.visuals.map((visual) => visual.url),
    visualAlt: ticketing.visuals.map((visual) => visual.alt),
    performerIds: ticketing.performers.map((performer) => String(performer.id)),
    version: String(ticketing.version),
  };
}

/** The body that saves a ticketing as it is, with its visuals changed: what an upload adds to. */
export function bodyOfTicketing(ticketing: ProTicketing, visuals: VisualInput[]) {
  const { body } = readTicketingForm(formDataOf(valuesOfTicketing(ticketing)));
  // Saved by the API, so valid by its schema: only the visuals change.
  return { ...body, visuals, version: ticketing.version } as z.input<typeof UpdateTicketingBody>;
}

function formDataOf(values: SubmittedValues): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) formData.append(name, item);
  }
  return formData;
}
