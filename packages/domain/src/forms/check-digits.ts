/**
 * The check digits identifiers carry so that a mistyped character is caught before anyone acts on it: Luhn's
 * key (payment cards, SIREN and SIRET) and ISO 7064's mod 97-10 (IBAN). Declared once, used by the fields
 * that carry them (payment-fields.ts, organizer-fields.ts).
 */

/** Whether a string of digits ends with its Luhn key: every single-digit typo changes the sum modulo 10. */
export function hasLuhnKey(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The remainder modulo 97 of the number written by digits and upper-case letters, each letter standing for
 * two digits (A = 10 … Z = 35), as ISO 13616 reads an IBAN. The number has up to 70 digits, far beyond a
 * double's 15: it is read one character at a time, the remainder never above 97 × 100. Null when the text
 * holds anything else.
 */
export function mod97(text: string): number | null {
  let remainder = 0;
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (code >= 48 && code <= 57) remainder = (remainder * 10 + (code - 48)) % 97;
    else if (code >= 65 && code <= 90) remainder = (remainder * 100 + (code - 55)) % 97;
    else return null;
  }
  return remainder;
}
