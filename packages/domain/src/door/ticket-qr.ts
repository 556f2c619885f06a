import { decodeBase45, encodeBase45 } from './base45.js';

/**
 * The signed code a ticket's or a voucher's QR code carries, checked at the door with no network:
 * `GU1:` + base45 of 77 bytes — kind (u8) · signing key id (u32) · scope id (u32: the ticketing, or the offer
 * of a voucher) · ticket id (u32) · Ed25519 signature (64 bytes), big-endian. 120 characters, all in a QR
 * code's alphanumeric mode (version 5 at level M). The signature covers `GU1` and the 13 bytes before it, so a
 * code cannot be moved to another version, kind, key, scope or ticket.
 */
export const TICKET_QR_PREFIX = 'GU1:';
export const TICKET_QR_KINDS = ['TICKET', 'VOUCHER'] as const;
export type TicketQrKind = (typeof TICKET_QR_KINDS)[number];
export const TICKET_QR_SIGNATURE_BYTES = 64;
const FIELD_BYTES = 13;
const PAYLOAD_BYTES = FIELD_BYTES + TICKET_QR_SIGNATURE_BYTES;
/** 4 for the prefix, 3 characters per two bytes and 2 for the last odd one: 120. */
export const TICKET_QR_LENGTH = TICKET_QR_PREFIX.length + Math.floor(PAYLOAD_BYTES / 2) * 3 + (PAYLOAD_BYTES % 2) * 2;
const VERSION = new TextEncoder().encode(TICKET_QR_PREFIX.slice(0, -1));
const MAX_ID = 0xffff_ffff;

export interface TicketQrFields {
  kind: TicketQrKind;
  keyId: number;
  scopeId: number;
  ticketId: number;
}

export interface ParsedTicketQr extends TicketQrFields {
  /** The bytes the signature covers, to verify against the key `keyId`. */
  signed: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

const isId = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_ID;

function fieldBytes(fields: TicketQrFields): Uint8Array<ArrayBuffer> {
  if (!TICKET_QR_KINDS.includes(fields.kind)) throw new RangeError(`Type de code inconnu : ${fields.kind}`);
  for (const name of ['keyId', 'scopeId', 'ticketId'] as const) {
    if (!isId(fields[name])) throw new RangeError(`${name} hors de 1…2³²−1 : ${fields[name]}`);
  }
  const bytes = new Uint8Array(FIELD_BYTES);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, TICKET_QR_KINDS.indexOf(fields.kind) + 1);
  view.setUint32(1, fields.keyId);
  view.setUint32(5, fields.scopeId);
  view.setUint32(9, fields.ticketId);
  return bytes;
}

function withVersion(fields: Uint8Array): Uint8Array<ArrayBuffer> {
  const signed = new Uint8Array(VERSION.length + FIELD_BYTES);
  signed.set(VERSION);
  signed.set(fields, VERSION.length);
  return signed;
}

/** The bytes to sign for these fields: `GU1` ‖ the 13 bytes of kind, key, scope and ticket. */
export function signedPart(fields: TicketQrFields): Uint8Array<ArrayBuffer> {
  return withVersion(fieldBytes(fields));
}

/** The QR code's text for these fields and their signature; throws on fields no code can hold. */
export function encodeTicketQr(fields: TicketQrFields, signature: Uint8Array): string {
  if (signature.length !== TICKET_QR_SIGNATURE_BYTES) {
    throw new RangeError(`Une signature fait ${TICKET_QR_SIGNATURE_BYTES} octets, pas ${signature.length}`);
  }
  const payload = new Uint8Array(PAYLOAD_BYTES);
  payload.set(fieldBytes(fields));
  payload.set(signature, FIELD_BYTES);
  return TICKET_QR_PREFIX + encodeBase45(payload);
}

/**
 * The fields of a signed code, or null when the text is not one: another prefix (an old clear code), another
 * length, bad base45, an unknown kind or a zero id. It never throws; the signature is still to be verified.
 */
export function parseTicketQr(text: string): ParsedTicketQr | null {
  if (text.length !== TICKET_QR_LENGTH || !text.startsWith(TICKET_QR_PREFIX)) return null;
  const payload = decodeBase45(text.slice(TICKET_QR_PREFIX.length));
  if (payload?.length !== PAYLOAD_BYTES) return null;
  const view = new DataView(payload.buffer);
  const kind = TICKET_QR_KINDS[view.getUint8(0) - 1];
  const keyId = view.getUint32(1);
  const scopeId = view.getUint32(5);
  const ticketId = view.getUint32(9);
  if (!kind || !isId(keyId) || !isId(scopeId) || !isId(ticketId)) return null;
  return {
    kind,
    keyId,
    scopeId,
    ticketId,
    signed: withVersion(payload.subarray(0, FIELD_BYTES)),
    signature: payload.slice(FIELD_BYTES),
  };
}
