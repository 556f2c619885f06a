/**
 * Base45 (RFC 9285): bytes written with the 45 characters of a QR code's alphanumeric mode, which packs them
 * at 5.5 bits a character where byte mode spends 8 — the signed ticket code fits a smaller QR code.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const VALUES = new Map([...ALPHABET].map((character, value) => [character, value]));

export function encodeBase45(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const n = (bytes[i] as number) * 256 + (bytes[i + 1] as number);
    text += ALPHABET.charAt(n % 45) + ALPHABET.charAt(Math.floor(n / 45) % 45) + ALPHABET.charAt(Math.floor(n / 2025));
  }
  if (bytes.length % 2 === 1) {
    const n = bytes[bytes.length - 1] as number;
    text += ALPHABET.charAt(n % 45) + ALPHABET.charAt(Math.floor(n / 45));
  }
  return text;
}

/**
 * The bytes of a base45 text, or null when it is not one: a character outside the alphabet, a length of 3n+1,
 * a triplet above 65535 or a final pair above 255. It never throws — it reads whatever a camera or a keyboard
 * gave.
 */
export function decodeBase45(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 3 === 1) return null;
  const bytes = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 === 2 ? 1 : 0));
  let out = 0;
  for (let i = 0; i < text.length; i += 3) {
    const c = VALUES.get(text[i] as string);
    const d = VALUES.get(text[i + 1] as string);
    if (c === undefined || d === undefined) return null;
    if (i + 2 < text.length) {
      const e = VALUES.get(text[i + 2] as string);
      if (e === undefined) return null;
      const n = c + d * 45 + e * 2025;
      if (n > 0xffff) return null;
      bytes[out++] = n >> 8;
      bytes[out++] = n & 0xff;
    } else {
      const n = c + d * 45;
      if (n > 0xff) return null;
      bytes[out++] = n;
    }
  }
  return bytes;
}
