import type { FieldRules } from '@guichet/domain';
import { data } from 'react-router';
import { type FormResult, type ParseFormOptions, parseForm } from './form-validation';

/**
 * The most a form of this site sends: the largest real ones (billing address and password, a survey, the
 * recap's ticket holders) stay far below both. Anything larger is not a visitor's form, and is refused
 * before a byte of it is parsed (docs/decisions/0038).
 */
export const FORM_LIMITS = { bytes: 64 * 1024, fields: 200 } as const;

/** What the error page says when a post is refused at the door (status: its French explanation). */
export const FORM_REFUSALS = {
  400: 'Le formulaire envoyé est illisible : rechargez la page et envoyez-le de nouveau.',
  413: `Le formulaire envoyé est trop volumineux (plus de ${FORM_LIMITS.bytes / 1024} Ko ou de ${FORM_LIMITS.fields} champs).`,
  415: 'Ce site n’accepte que des formulaires : le contenu envoyé n’en est pas un.',
} as const;

const URLENCODED = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
/** How much of a refused body is still read, and thrown away, before the refusal is sent. */
const DRAINED_AT_MOST = 1024 * 1024;

function refuse(status: keyof typeof FORM_REFUSALS): never {
  throw data(FORM_REFUSALS[status], { status });
}

/**
 * Refuses a body with the rest of it read and thrown away first (up to DRAINED_AT_MOST, nothing kept):
 * Node stops reading a request once its answer has gone, so a body left unread would hold the visitor's
 * keep-alive connection, their next request queued behind bytes nobody reads. A body larger still gets its
 * refusal all the same; its connection is then closed by Node after the keep-alive timeout (closing it
 * from here, mid-write, crashes the process with an unhandled socket error).
 */
async function refuseDrained(
  status: keyof typeof FORM_REFUSALS,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  alreadyRead: number,
): Promise<never> {
  for (let read = alreadyRead; read <= DRAINED_AT_MOST; ) {
    const chunk = await reader.read().catch(() => null);
    // The visitor went away meanwhile: nobody is left to read an answer.
    if (chunk === null) refuse(400);
    if (chunk.done) refuse(status);
    read += chunk.value.byteLength;
  }
  refuse(status);
}

/** The body's bytes, at most `limit` of them (a longer body, announced or not, is a 413). */
async function boundedBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) await refuseDrained(413, reader, 0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The visitor went away mid-request (or the body broke off): nobody is left to read an answer.
      refuse(400);
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > limit) await refuseDrained(413, reader, size);
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** How many fields a urlencoded body holds, counted before it is parsed (one more than its `&`s). */
function urlencodedFieldCount(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let index = text.indexOf('&'); index !== -1; index = text.indexOf('&', index + 1)) count += 1;
  return count;
}

async function readFormBody(request: Request): Promise<FormData> {
  const contentType = request.headers.get('content-type');
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType !== null && mediaType !== URLENCODED && mediaType !== MULTIPART) {
    // Not a form: refused unread.
    if (request.body) await refuseDrained(415, request.body.getReader(), 0);
    refuse(415);
  }
  const bytes = await boundedBytes(request, FORM_LIMITS.bytes);
  // A post without a body (a button alone, fetch without one) is an empty form.
  if (bytes.byteLength === 0) return new FormData();
  if (mediaType === URLENCODED) {
    const text = new TextDecoder().decode(bytes);
    if (urlencodedFieldCount(text) > FORM_LIMITS.fields) refuse(413);
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
    return form;
  }
  if (mediaType === MULTIPART && contentType) {
    let form: FormData;
    try {
      // Bounded above: at most FORM_LIMITS.bytes to parse, whatever it holds.
      form = await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData();
    } catch {
      refuse(400);
    }
    let count = 0;
    for (const _ of form.keys()) count += 1;
    if (count > FORM_LIMITS.fields) refuse(413);
    return form;
  }
  // A body that does not say what it is.
  refuse(415);
}

/**
 * The one reader of a posted form: urlencoded or multipart, at most FORM_LIMITS, else the French error page
 * (413 too large, 415 not a form, 400 unreadable), thrown before any parsing. Every action reads its form
 * here; the root middleware has already read each post's copy the same way, before any action runs.
 */
export function readFormData(request: Request): Promise<FormData> {
  return readFormBody(request);
}

/**
 * The root middleware's check of every post, before anything else runs: the form is read from a copy of the
 * request, so that the action still finds the body unread (React Router hands it on in a new Request, which
 * a body already read would break). Both reads are bounded: reading twice costs at most FORM_LIMITS twice.
 */
export async function checkPostedForm(request: Request): Promise<void> {
  try {
    await readFormBody(request.clone());
  } catch (refusal) {
    // No action will read the body: its copy is let go, so that nothing more of it is kept.
    request.body?.cancel().catch(() => {});
    throw refusal;
  }
}

/**
 * A route action's form: reads the request's form data and validates it with the form's rules — the same
 * rules the page runs in the browser. Refused, answer `data(form.reply, { status: 400 })` and give the reply
 * to <ValidatedForm reply={…}>: the page comes back with the same French messages, JavaScript or not.
 *
 * @example
 * export async function action({ request }: Route.ActionArgs) {
 *   const form = await readForm(request, loginRules, { omitValues: ['password'] });
 *   if (!form.ok) return data({ reply: form.reply }, { status: 400 });
 *   await login(form.values.email, form.values.password);
 * }
 */
export async function readForm<Rules extends FieldRules>(
  request: Request,
  fieldRules: Rules,
  options?: ParseFormOptions,
): Promise<FormResult<Rules>> {
  return parseForm(await readFormData(request), fieldRules, options);
}
