/**
 * The contest form's glue between flat HTML fields (what a <form> without JavaScript posts) and the contract's
 * body (ContestGameInput, the API's own schema). Each field is named by its path in the body (`prizes.0.label`,
 * `questions.1.choices.2`, `startsAt.date`), so a message of the schema or of the API lands on its field by
 * that path. Rows are added and removed by submit buttons (`rows` = « addPrize », « removeQuestion:1 »…): the
 * form comes back with one row more or less, nothing saved — it works without JavaScript. Pure.
 */
import { type AdminContestGame, CONTEST_LIMITS } from '@guichet/contracts';
import { eurosOfCents, parseRichTextField } from '@guichet/domain';
import {
  type FormErrors,
  submittedValue as one,
  type SubmittedValues,
  valuesFromFormData,
} from '@guichet/ui/form-validation';

/** Each field's first message, from the schema's issues or the API's `issues`, by the body path. */
export function errorsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** How many rows of prizes and questions the form shows (`prizeRows`, `questionRows`, hidden fields). */
export function rowsOf(values: SubmittedValues) {
  const count = (name: string, max: number) => Math.min(max, Math.max(1, Number.parseInt(one(values, name), 10) || 1));
  return {
    prizes: count('prizeRows', CONTEST_LIMITS.prizes),
    questions: count('questionRows', CONTEST_LIMITS.questions),
  };
}

/** Moves the fields of rows after `index` one row up (a removed row): `questions.3.label` → `questions.2.label`. */
function withoutRow(values: SubmittedValues, list: string, index: number): SubmittedValues {
  const next: SubmittedValues = {};
  const pattern = new RegExp(`^${list}\\.(\\d+)\\.(.+)$`);
  for (const [name, value] of Object.entries(values)) {
    const match = pattern.exec(name);
    if (!match) {
      next[name] = value;
      continue;
    }
    const row = Number(match[1]);
    if (row === index) continue;
    next[row > index ? `${list}.${row - 1}.${match[2]}` : name] = value;
  }
  return next;
}

/**
 * What a row button asks, applied to the posted values: null when the post is a save. « addPrize »,
 * « addQuestion », « removePrize:i », « removeQuestion:i ».
 */
export function rowChange(values: SubmittedValues): SubmittedValues | null {
  const [change, at] = one(values, 'rows').split(':');
  if (!change) return null;
  const rows = rowsOf(values);
  const index = Number(at);
  const next: SubmittedValues = { ...values, rows: '' };
  if (change === 'addPrize') next.prizeRows = String(Math.min(CONTEST_LIMITS.prizes, rows.prizes + 1));
  else if (change === 'addQuestion') next.questionRows = String(Math.min(CONTEST_LIMITS.questions, rows.questions + 1));
  else if (change === 'removePrize' && Number.isInteger(index))
    return { ...withoutRow(next, 'prizes', index), prizeRows: String(Math.max(1, rows.prizes - 1)) };
  else if (change === 'removeQuestion' && Number.isInteger(index))
    return { ...withoutRow(next, 'questions', index), questionRows: String(Math.max(1, rows.questions - 1)) };
  return next;
}

/**
 * The values a contest form posted, and the body they mean for the API (its schema still to pass). An empty
 * prize row or question row is left out; a question's empty choices too (its right answer follows its choice).
 */
export function readContestForm(formData: FormData) {
  const values = valuesFromFormData(formData);
  const rows = rowsOf(values);
  const prizes = Array.from({ length: rows.prizes }, (_, index) => ({
    label: one(values, `prizes.${index}.label`),
    value: one(values, `prizes.${index}.value`),
  })).filter((prize) => prize.label.trim() || prize.value.trim());
  const questions = Array.from({ length: rows.questions }, (_, index) => {
    const typed = Array.from({ length: CONTEST_LIMITS.choices }, (_, choice) =>
      one(values, `questions.${index}.choices.${choice}`),
    );
    const picked = Number.parseInt(one(values, `questions.${index}.answer`), 10);
    const kept = typed.flatMap((choice, position) => (choice.trim() ? [{ choice, position }] : []));
    return {
      label: one(values, `questions.${index}.label`),
      choices: kept.map((entry) => entry.choice),
      // -1 (refused by the schema) when no right answer is ticked, or its choice is empty.
      answer: kept.findIndex((entry) => entry.position === picked),
    };
  }).filter((question) => question.label.trim() || question.choices.length > 0);
  const ticketing = one(values, 'ticketingId').trim();
  const visualUrl = one(values, 'visual.url');
  const size = (name: string) => Number.parseInt(one(values, name), 10) || undefined;
  const tieBreak = one(values, 'tieBreakAnswer').trim();
  const body = {
    title: one(values, 'title'),
    summary: one(values, 'summary'),
    // The editor's JSON, or the plain text of the textarea it replaces without JavaScript.
    description: parseRichTextField(one(values, 'description')),
    rules: parseRichTextField(one(values, 'rules')),
    startsAt: { date: one(values, 'startsAt.date'), time: one(values, 'startsAt.time') },
    endsAt: { date: one(values, 'endsAt.date'), time: one(values, 'endsAt.time') },
    ticketingId: ticketing ? Number(ticketing) : null,
    visual:
      visualUrl && one(values, 'visualRemove') !== 'on'
        ? {
            url: visualUrl,
            alt: one(values, 'visual.alt'),
            width: size('visual.width'),
            height: size('visual.height'),
          }
        : null,
    prizes,
    questions,
    tieBreakLabel: one(values, 'tieBreakLabel'),
    tieBreakAnswer: tieBreak === '' ? Number.NaN : Number(tieBreak),
  };
  return { values, body };
}

/** The body that saves a game as it is, with its visual changed: what an upload does. */
export function bodyOfContest(
  game: AdminContestGame,
  visual: { url: string; alt: string; width: number; height: number },
) {
  const values = valuesOfContest(game);
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.append(name, String(value));
  const { body } = readContestForm(formData);
  return { ...body, visual };
}

/** A saved game as the form's fields (what the form shows before anything is typed). */
export function valuesOfContest(game: AdminContestGame): SubmittedValues {
  const values: SubmittedValues = {
    title: game.title,
    summary: game.summary,
    description: JSON.stringify(game.description),
    rules: JSON.stringify(game.rules ?? { type: 'doc', content: [] }),
    'startsAt.date': game.startsAt.date,
    'startsAt.time': game.startsAt.time,
    'endsAt.date': game.endsAt.date,
    'endsAt.time': game.endsAt.time,
    ticketingId: game.ticketingId === null ? '' : String(game.ticketingId),
    tieBreakLabel: game.tieBreakLabel,
    tieBreakAnswer: String(game.tieBreakAnswer),
    ...(game.visual
      ? {
          'visual.url': game.visual.url,
          'visual.alt': game.visual.alt,
          'visual.width': String(game.visual.width),
          'visual.height': String(game.visual.height),
        }
      : {}),
    prizeRows: String(Math.max(1, game.prizes.length)),
    questionRows: String(Math.max(1, game.questions.length)),
  };
  game.prizes.forEach((prize, index) => {
    values[`prizes.${index}.label`] = prize.label;
    values[`prizes.${index}.value`] = eurosOfCents(prize.valueCents);
  });
  game.questions.forEach((question, index) => {
    values[`questions.${index}.label`] = question.label;
    values[`questions.${index}.answer`] = String(question.answer);
    question.choices.forEach((choice, position) => {
      values[`questions.${index}.choices.${position}`] = choice;
    });
  });
  return values;
}
