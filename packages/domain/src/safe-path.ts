/** The longest path a visitor may be sent back to, once percent-encoded. */
const MAX_PATH_LENGTH = 2048;

/**
 * An internal path the visitor may be sent to, as a valid Location, or null: one slash and then anything but
 * a second slash or a backslash (`//evil.example` and `/\evil.example` leave the site), no control
 * character or space, no lone surrogate. What lies beyond ASCII is percent-encoded: a header holds Latin-1
 * at most, and `/%E3%80%80/x` decoded (U+3000) or U+2028 made the answer itself fail (a 500). Every Location
 * built from what a visitor sent goes through here, on both sites (the public site's redirectAfterLogin, the
 * pro site's `retour`).
 */
export function safeInternalPath(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\/(?![/\\])/.test(value)) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u0020\u007f\\]/.test(value) || /[\uD800-\uDFFF]/u.test(value)) return null;
  const encoded = value.replace(/[^\u0021-\u007e]+/gu, encodeURIComponent);
  return encoded.length <= MAX_PATH_LENGTH ? encoded : null;
}
