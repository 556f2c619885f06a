import { randomBytes } from 'node:crypto';

/**
 * Ticket codes are read aloud at a door and typed by hand: no look-alikes (0/O, 1/I/L), upper case only,
 * groups of four.
 */
export const TICKET_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GROUP = 4;
/** 28 symbols of 31 = 138 bits, above the 128 bits that make a code impossible to guess or collide. */
export const TICKET_CODE_SYMBOLS = 28;
export const TICKET_CODE_PATTERN = new RegExp(
  `^[${TICKET_CODE_ALPHABET}]{${GROUP}}(?:-[${TICKET_CODE_ALPHABET}]{${GROUP}}){${TICKET_CODE_SYMBOLS / GROUP - 1}}$`,
);

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
  const groups: string[] = [];
  for (let i = 0; i < symbols.length; i += GROUP) groups.push(symbols.slice(i, i + GROUP).join(''));
  return groups.join('-');
}
