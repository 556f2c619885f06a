import { FORM_MESSAGES } from '../forms/messages.js';
import type { Rule } from '../forms/rules.js';
import { isRichTextEmpty, parseRichTextField } from './document.js';

/**
 * required for a rich-text field: some visible text, whether the field holds the editor's JSON or the
 * fallback textarea's plain text. A document of empty paragraphs is empty.
 */
export function requiredRichText(): Rule {
  return {
    name: 'required',
    message: FORM_MESSAGES.required,
    validatesEmpty: true,
    test: (value) => !isRichTextEmpty(parseRichTextField(value)),
  };
}
