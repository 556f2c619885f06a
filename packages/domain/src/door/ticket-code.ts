/**
 * Ticket codes are read aloud at a door and typed by hand: no look-alikes (0/O, 1/I/L), upper case only,
 * groups of four. The API draws them; the door reads them back from a keyboard.
 */
export const TICKET_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const TICKET_CODE_GROUP = 4;
/** 28 symbols of 31 = 138 bits, above the 128 bits that make a code impossible to guess or collide. */
export const TICKET_CODE_SYMBOLS = 28;
export const TICKET_CODE_PATTERN = new RegExp(
  `^[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_GROUP}}(?:-[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_GROUP}}){${TICKET_CODE_SYMBOLS / TICKET_CODE_GROUP - 1}}$`,
);

/** Spaces, hyphens, dashes and the minus sign a phone's keyboard may put between the groups. */
const SEPARATORS = /[\s\-‐‑‒–—−_]/gu;

/**
 * A code typed at the door as the ticket prints it (« 8C8R-6U2U-… »), or null when it cannot be one. Lower
 * case, spaces and dashes anywhere are tolerated. A look-alike is not corrected but refused: the alphabet has
 * none of 0, O, 1, I and L, so a code holding one was mistyped, and the letters it might stand for (D or Q for
 * O, 7 or J for 1…) are all in the alphabet — guessing would admit the wrong ticket.
 */
export function normaliseTypedCode(text: string): string | null {
  const symbols = text.normalize('NFKC').toUpperCase().replace(SEPARATORS, '');
  if (symbols.length !== TICKET_CODE_SYMBOLS) return null;
  if (![...symbols].every((symbol) => TICKET_CODE_ALPHABET.includes(symbol))) return null;
  return groupTicketCode(symbols);
}

/** The symbols of a code in groups of four, as tickets print it: « 8C8R-6U2U-… ». */
export function groupTicketCode(symbols: string): string {
  const groups: string[] = [];
  for (let i = 0; i < symbols.length; i += TICKET_CODE_GROUP) groups.push(symbols.slice(i, i + TICKET_CODE_GROUP));
  return groups.join('-');
}
