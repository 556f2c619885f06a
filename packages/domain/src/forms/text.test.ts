import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from './messages.js';
import { rule } from './rules.js';
import { isPlainText, normaliseText, plainTextRule, textField } from './text.js';
import { validateField } from './validate.js';

const C0 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code));
const C1 = Array.from({ length: 0x21 }, (_, offset) => String.fromCharCode(0x7f + offset));

describe('isPlainText', () => {
  it('accepts what people type, in any script, emoji included', () => {
    for (const text of ['Zoé', 'Łódź', 'Ἀθῆναι', '東京', 'مرحبا', '🎫 Concert', 'a\u00a0b', 'e\u0301', '']) {
      expect(isPlainText(text), text).toBe(true);
    }
  });

  it('refuses NUL and every other C0 control, DEL and C1 controls in single-line text', () => {
    for (const control of [...C0, ...C1]) {
      expect(isPlainText(`a${control}b`), `U+${control.charCodeAt(0).toString(16)}`).toBe(false);
    }
  });

  it('lets multi-line text keep tabs and line breaks, and nothing else', () => {
    for (const kept of ['\t', '\n', '\r']) expect(isPlainText(`a${kept}b`, { multiline: true })).toBe(true);
    for (const control of [...C0, ...C1].filter((control) => !'\t\n\r'.includes(control))) {
      expect(isPlainText(`a${control}b`, { multiline: true })).toBe(false);
    }
  });

  it('refuses a lone surrogate, high or low, but not a pair', () => {
    expect(isPlainText('a\ud800b')).toBe(false);
    expect(isPlainText('\udc00')).toBe(false);
    expect(isPlainText('🎫'.slice(0, 1))).toBe(false);
    expect(isPlainText('\ud83c\udfab')).toBe(true);
  });
});

describe('textField', () => {
  const name = textField({ max: 5 });

  it('checks required, plain characters, the field’s rules, then the length, in that order', () => {
    expect(validateField('', name.rules)).toBe(FORM_MESSAGES.required);
    expect(validateField(' \t ', name.rules)).toBe(FORM_MESSAGES.required);
    expect(validateField('a\u0000', name.rules)).toBe(FORM_MESSAGES.regex);
    expect(validateField('abcdef', name.rules)).toBe('Veuillez saisir un texte contenant moins de 5 caractères.');
    expect(validateField('abcde', name.rules)).toBeNull();
    const email = textField({ max: 10, rules: [rule.email()] });
    expect(validateField('pas-une-adresse-valide', email.rules)).toBe(FORM_MESSAGES.email);
    expect(validateField('a\u0000@b.fr', email.rules)).toBe(FORM_MESSAGES.regex);
  });

  it('lets an optional field be empty, never with control characters', () => {
    const optional = textField({ max: 5, required: false });
    expect(validateField('', optional.rules)).toBeNull();
    expect(validateField('a\u0085', optional.rules)).toBe(FORM_MESSAGES.regex);
  });

  it('counts characters in NFC form: « é » typed as e + accent counts once', () => {
    expect(validateField('e\u0301'.repeat(5), name.rules)).toBeNull();
    expect(validateField('🎫'.repeat(5), name.rules)).toBeNull();
    expect(validateField('🎫'.repeat(6), name.rules)).not.toBeNull();
  });

  it('keeps text trimmed and in NFC form, unless the field keeps it as typed', () => {
    expect(normaliseText(name, '  Ze\u0301lie  ')).toBe('Zélie');
    expect(normaliseText(textField({ max: 5, asTyped: true }), ' e\u0301 ')).toBe(' e\u0301 ');
  });

  it('builds the multi-line rule when asked', () => {
    expect(plainTextRule({ multiline: true }).name).toBe('multilineText');
    expect(validateField('a\nb', textField({ max: 5, multiline: true }).rules)).toBeNull();
    expect(validateField('a\nb', textField({ max: 5 }).rules)).toBe(FORM_MESSAGES.regex);
  });
});
