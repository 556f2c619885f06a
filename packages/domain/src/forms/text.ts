/**
 * What any text typed or sent to the site must be, wherever it comes from (a form field, a query string, a
 * path, a JSON body): no control characters, no half of a UTF-16 surrogate pair, a bounded length. The
 * browser runs these as form rules, the API's Zod schemas (packages/contracts/src/text.ts) are built from
 * them, so both refuse the same values with the same message.
 */
import { FORM_MESSAGES } from './messages.js';
import { type Rule, rule } from './rules.js';

export type TextCheckOptions = {
  /** Multi-line text (a message, a description) may hold tabs and line breaks; single-line text may not. */
  multiline?: boolean;
};

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Whether a text holds only characters a person can type: no C0 control (NUL included, which PostgreSQL
 * refuses in any text), no DEL nor C1 control, and no lone surrogate (JSON and JavaScript strings can carry
 * one, UTF-8 and so PostgreSQL cannot). Multi-line text keeps tab, line feed and carriage return.
 */
export function isPlainText(text: string, { multiline = false }: TextCheckOptions = {}): boolean {
  // for…of walks code points: a well-formed pair comes as one character, a lone surrogate alone.
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) return false;
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    if (control && !(multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN))) return false;
  }
  return true;
}

/** The rule form of isPlainText, with the spec's « La valeur saisi n'est pas valide. ». */
export function plainTextRule(options: TextCheckOptions = {}): Rule {
  return {
    name: options.multiline ? 'multilineText' : 'singleLineText',
    message: FORM_MESSAGES.regex,
    test: (value) => typeof value !== 'string' || isPlainText(value, options),
  };
}

/**
 * A text field, declared once: the rules every side runs (the browser as you type, the web action, the
 * API's Zod schema) and whether the value is kept as typed.
 */
export type TextField = {
  readonly rules: readonly Rule[];
  /**
   * Kept exactly as typed (passwords, opaque tokens, paths): otherwise the value is trimmed and put in
   * Unicode NFC form before it is stored or compared, so « é » typed as e + accent matches « é ».
   */
  readonly asTyped?: boolean;
};

export type TextFieldOptions = TextCheckOptions & {
  /** Most characters (Unicode code points, counted in NFC form): every text is bounded. */
  max: number;
  /** An empty (or blank) value is refused with « Veuillez renseigner ce champ. »; true unless said otherwise. */
  required?: boolean;
  /** The field's own rules (e-mail, phone…), checked after the character check and before the length. */
  rules?: readonly Rule[];
  asTyped?: boolean;
};

/**
 * A text field's rules in the one order every side follows: required, plain characters, the field's own
 * rules, then the length — so each side names the same first broken rule.
 */
export function textField({ max, required = true, multiline, rules = [], asTyped }: TextFieldOptions): TextField {
  return {
    rules: [...(required ? [rule.required()] : []), plainTextRule({ multiline }), ...rules, rule.maxLength(max)],
    ...(asTyped ? { asTyped } : {}),
  };
}

/** The value a text field keeps: trimmed and NFC-normalised, unless the field keeps it as typed. */
export function normaliseText(field: TextField, value: string): string {
  return field.asTyped ? value : value.trim().normalize('NFC');
}
