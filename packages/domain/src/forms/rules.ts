import { daysInMonth } from '../calendar.js';
import { FORM_MESSAGES, formatMessage, type RuleName } from './messages.js';

/** A form's values by field name, as the browser submits them (strings), or as the client reads them. */
export type FormValues = Readonly<Record<string, unknown>>;

/**
 * One validation rule of a field. `test` only ever sees non-empty values, unless the rule
 * `validatesEmpty` (required, checked): the spec says empty values pass every rule except required.
 */
export type Rule = {
  readonly name: RuleName | (string & {});
  /** The `{n}` of the message (or the other field of sameAs, the bound of a date rule…). */
  readonly param?: number | string;
  /** Shown when the rule fails; the spec's fallback message when missing. */
  readonly message?: string;
  readonly validatesEmpty?: boolean;
  test(value: unknown, allValues: FormValues): boolean;
};

/** The rules of every field of a form, by field name. */
export type FieldRules = Readonly<Record<string, readonly Rule[]>>;

/**
 * Empty: undefined, null, an empty array, or a string that is empty once trimmed. A field holding only
 * spaces is empty — required refuses it, and no other rule complains about it.
 */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Rules read the trimmed text of a value (what the user meant, whatever the browser kept around it). */
function textOf(value: unknown): string {
  return String(value).trim();
}

/** A decimal number typed by a French user: '.' or ',' as decimal separator. */
const DECIMAL = /^[-+]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;
/** Vuelidate's `numeric`: digits, with an optional decimal part; no sign. */
const NUMERIC = /^(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;
const INTEGER = /^-?\d+$/;

/** The number a text stands for, or null when the text is not a decimal number. */
export function parseDecimal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = textOf(value);
  if (!DECIMAL.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/**
 * A practical e-mail address: the WHATWG `type=email` grammar, plus a dot in the domain
 * (« camille@localhost » is no address a ticket can be sent to).
 */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** An absolute web link: http(s), a host name with a top-level domain, optional port, path, query, fragment. */
const URL_PATTERN =
  /^https?:\/\/(?:[^\s/?#@]+@)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

const IPV4_PART = /^(?:0|[1-9]\d{0,2})$/;

/** Phone numbers are typed with spaces, dots or dashes between the digits (06 12 34 56 78, 06.12.34.56.78). */
const PHONE_CHARACTERS = /^[\d\s.-]+$/;

/** 'YYYY-MM-DD', optionally followed by 'THH:MM' or 'THH:MM:SS' (what date and datetime-local inputs send). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0'] = match;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m) && +hours < 24 && +minutes < 60 && +seconds < 60;
}

/** A date bound as the rule keeps it: 'YYYY-MM-DD' (local date of a Date object). */
function isoDateOf(bound: Date | string): string {
  if (typeof bound === 'string') return bound.trim();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${bound.getFullYear()}-${pad(bound.getMonth() + 1)}-${pad(bound.getDate())}`;
}

/**
 * Compares two ISO dates at the precision both have: '2026-03-10T09:00' is not before '2026-03-10'.
 * ISO dates of the same precision sort as strings.
 */
function compareIsoDates(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  const left = a.slice(0, length);
  const right = b.slice(0, length);
  return left < right ? -1 : left > right ? 1 : 0;
}

function create(name: RuleName, test: Rule['test'], param?: number | string, extra?: Partial<Rule>): Rule {
  return { name, param, message: formatMessage(FORM_MESSAGES[name], param), test, ...extra };
}

/**
 * The spec's rules (section 5), each with its exact French message:
 * `rule.required()`, `rule.email()`, `rule.phone(10)`, `rule.maxLength(50)`…
 */
export const rule = {
  /** A value is there: not empty, not only spaces. */
  required: (): Rule => create('required', (value) => !isEmptyValue(value), undefined, { validatesEmpty: true }),

  /** Digits with an optional decimal part ('12', '12,5', '12.5'); no sign (Vuelidate's `numeric`). */
  numeric: (): Rule => create('numeric', (value) => NUMERIC.test(textOf(value))),

  /** A decimal number, signed or not ('-3,25'). */
  decimal: (): Rule => create('decimal', (value) => parseDecimal(value) !== null),

  /** A whole number, signed or not ('42', '-7'). */
  integer: (): Rule => create('integer', (value) => INTEGER.test(textOf(value))),

  email: (): Rule => create('email', (value) => EMAIL.test(textOf(value))),

  /** An absolute http(s) link with a real host name ('https://www.example.fr/page'). */
  url: (): Rule => create('url', (value) => URL_PATTERN.test(textOf(value))),

  /**
   * A ticked checkbox: the browser sends 'on' (or the box's value), the client reads true. An unticked box
   * sends nothing, which is "empty": this is the checkbox's required, so it runs on empty values too.
   */
  checked: (): Rule =>
    create(
      'checked',
      (value) => value === true || (typeof value === 'string' && value !== '' && value !== 'false'),
      undefined,
      {
        validatesEmpty: true,
      },
    ),

  /** The same value as another field (password confirmation); `param` is that field's name. */
  sameAs: (otherField: string): Rule =>
    create('sameAs', (value, allValues) => textOf(value) === textOf(allValues[otherField] ?? ''), otherField),

  /** The trimmed value matches the pattern (global and sticky flags are ignored: a test has no memory). */
  regex: (pattern: RegExp | string): Rule => {
    const source = typeof pattern === 'string' ? pattern : pattern.source;
    const flags = typeof pattern === 'string' ? '' : pattern.flags.replace(/[gy]/g, '');
    return create('regex', (value) => new RegExp(source, flags).test(textOf(value)), source);
  },

  /**
   * A date that is not before `min` ('YYYY-MM-DD' or a Date): the message asks for a date « supérieure
   * à la date minimum », the minimum itself being accepted. An unreadable date fails.
   */
  dateBefore: (min: Date | string): Rule => {
    const bound = isoDateOf(min);
    return create(
      'dateBefore',
      (value) => isIsoDate(textOf(value)) && compareIsoDates(textOf(value), bound) >= 0,
      bound,
    );
  },

  /** A date that is not after `max` (« inférieure à la date maximum »), the maximum itself accepted. */
  dateAfter: (max: Date | string): Rule => {
    const bound = isoDateOf(max);
    return create(
      'dateAfter',
      (value) => isIsoDate(textOf(value)) && compareIsoDates(textOf(value), bound) <= 0,
      bound,
    );
  },

  /** Four numbers 0–255 separated by dots, without leading zeros ('192.168.0.1'). */
  ipv4: (): Rule =>
    create('ipv4', (value) => {
      const parts = textOf(value).split('.');
      return parts.length === 4 && parts.every((part) => IPV4_PART.test(part) && Number(part) <= 255);
    }),

  /** A number greater than or equal to `min`; text that is no number fails. */
  minValue: (min: number): Rule =>
    create(
      'minValue',
      (value) => {
        const number = parseDecimal(value);
        return number !== null && number >= min;
      },
      min,
    ),

  /** A number lower than or equal to `max`. */
  maxValue: (max: number): Rule =>
    create(
      'maxValue',
      (value) => {
        const number = parseDecimal(value);
        return number !== null && number <= max;
      },
      max,
    ),

  /**
   * At most `max` characters, `max` included (as the `maxlength` attribute and Vuelidate count, whatever
   * « moins de » says). Characters are Unicode code points of the NFC form, as the API stores the text: an
   * emoji counts as one, and so does « é » typed as e + combining accent.
   */
  maxLength: (max: number): Rule =>
    create('maxLength', (value) => [...textOf(value).normalize('NFC')].length <= max, max),

  /** A number with at most `max` digits after the decimal separator ('12,50' has 2). */
  maxDecimals: (max: number): Rule =>
    create(
      'maxDecimals',
      (value) => {
        const text = textOf(value);
        if (parseDecimal(text) === null) return false;
        const decimals = text.split(/[.,]/)[1] ?? '';
        return decimals.length <= max;
      },
      max,
    ),

  /** Exactly `digits` digits, spaces, dots and dashes between them ignored ('06 12 34 56 78' has 10). */
  phone: (digits: number): Rule =>
    create(
      'phone',
      (value) => {
        const text = textOf(value);
        return PHONE_CHARACTERS.test(text) && text.replace(/\D/g, '').length === digits;
      },
      digits,
    ),

  /** A number that is a whole multiple of `step` (quantities sold by 2, amounts by 0,5). */
  multipleOf: (step: number): Rule =>
    create(
      'multipleOf',
      (value) => {
        const number = parseDecimal(value);
        if (number === null || step === 0) return false;
        const quotient = number / step;
        // Floating point: 0.3 / 0.1 is 2.9999999999999996.
        return Math.abs(quotient - Math.round(quotient)) < 1e-9;
      },
      step,
    ),
} as const;

/** A rule of the project's own (the spec's fallback message is used when it has no message). */
export function defineRule(definition: Rule): Rule {
  return definition;
}
