import { randomBytes } from 'node:crypto';

import { groupTicketCode, TICKET_CODE_ALPHABET, TICKET_CODE_SYMBOLS } from '@guichet/domain/door';

// The alphabet and the shape live in the domain, where the door reads typed codes back.
export { TICKET_CODE_ALPHABET, TICKET_CODE_PATTERN, TICKET_CODE_SYMBOLS } from '@guichet/domain/door';

// Bytes at or above the largest multiple of 31 are dropped: a plain modulo would favour the first symbols.
const LIMIT = 256 - (256 % TICKET_CODE_ALPHABET.length);

export function newTicketCode(): string {
  const symbols: string[] = [];
  while (symbols.length < TICKET_CODE_SYMBOLS) {
    for (const byte of randomBytes(TICKET_CODE_SYMBOLS)) {
      if (byte >= LIMIT || symbols.length === TICKET_CODE_SYMBOLS) continue;
      symbols.push(TICKET_CODE_ALPHABET[byte % TICKET_CODE_ALPHABET.length] as string);
    }
  }
  return groupTicketCode(symbols.join(''));
}
