/**
 * The door's check of one code, on the phone, with no network: the signed QR code (`GU1:…`) parsed and its
 * Ed25519 signature verified against the organiser's public keys from the pack; a typed code (or the QR code
 * of a ticket issued before signed codes, which holds the clear code) normalised, hashed and looked up in the
 * pack. Then the domain's one rule (`doorVerdict`) with the pack's ticket and the first valid scan known here
 * (the pack's, another gate's from `changes`, or this phone's own).
 */
import type { DoorPack, DoorPackTicket } from '@guichet/contracts';
import {
  type DoorScope,
  type DoorVerdict,
  doorVerdict,
  doorVerdictText,
  normaliseTypedCode,
  parseTicketQr,
  type RevokedReason,
} from '@guichet/domain/door';

/** One ticket of the pack, as the phone keeps it. */
export interface PackTicket {
  id: number;
  productId: number;
  holder: string;
  codeHash: string;
  revokedReason: RevokedReason | null;
  /** The first valid scan known to the API (or merged from `changes`). */
  scannedAt: string | null;
  gate: string | null;
}

export const packTicketOf = ([
  id,
  productId,
  holder,
  codeHash,
  revokedReason,
  scannedAt,
  gate,
]: DoorPackTicket): PackTicket => ({
  id,
  productId,
  holder,
  codeHash,
  revokedReason,
  scannedAt,
  gate,
});

export type VerifyEngine = 'webcrypto' | 'noble';

export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** How a printed code is found in the pack: base64url of the first 12 bytes of its SHA-256 (the API's `codeHash`). */
export async function codeHash(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
  return bytesBase64Url(new Uint8Array(digest).subarray(0, 12));
}

type Verify = (signature: Uint8Array<ArrayBuffer>, signed: Uint8Array<ArrayBuffer>) => Promise<boolean>;

/**
 * The organiser's keys, each imported once. WebCrypto's Ed25519 first (native, nothing to download); a
 * browser whose importKey throws (no Ed25519 in its WebCrypto) gets @noble/ed25519, loaded only then, with
 * `zip215: false`: the same strict RFC 8032 rule as node:crypto, which signed the codes.
 */
export class Keyring {
  private constructor(
    private readonly verifiers: Map<number, Verify>,
    readonly engine: VerifyEngine,
  ) {}

  static async of(keys: DoorPack['keys'], prefer: VerifyEngine = 'webcrypto'): Promise<Keyring> {
    if (prefer === 'webcrypto') {
      try {
        const verifiers = new Map<number, Verify>();
        for (const key of keys) {
          const imported = await crypto.subtle.importKey(
            'raw',
            base64UrlBytes(key.publicKey),
            { name: 'Ed25519' },
            false,
            ['verify'],
          );
          verifiers.set(key.id, (signature, signed) =>
            crypto.subtle.verify({ name: 'Ed25519' }, imported, signature, signed).catch(() => false),
          );
        }
        return new Keyring(verifiers, 'webcrypto');
      } catch {
        // No Ed25519 in this browser's WebCrypto (or a key it refuses): the audited fallback below.
      }
    }
    const ed = await import('@noble/ed25519');
    const verifiers = new Map<number, Verify>();
    for (const key of keys) {
      const publicKey = base64UrlBytes(key.publicKey);
      verifiers.set(key.id, (signature, signed) =>
        ed.verifyAsync(signature, signed, publicKey, { zip215: false }).catch(() => false),
      );
    }
    return new Keyring(verifiers, 'noble');
  }

  /** Whether `signature` is the key `keyId`'s over `signed`; false for a key the pack does not hold. */
  verify(keyId: number, signature: Uint8Array<ArrayBuffer>, signed: Uint8Array<ArrayBuffer>): Promise<boolean> {
    const verify = this.verifiers.get(keyId);
    return verify ? verify(signature, signed) : Promise.resolve(false);
  }
}

/** The first valid scan of a ticket, as this phone knows it. */
export interface FirstScan {
  scannedAt: string;
  gate: string;
}

/** What the door says of a code: the verdict, its French words, and the ticket it names (null when none). */
export interface CodeCheck {
  verdict: DoorVerdict;
  text: string;
  ticketId: number | null;
}

/**
 * A scope's pack held in memory (Maps, 10,000 tickets looked up in no time) with the first valid scans
 * this phone knows of: the pack's, merged changes and its own scans.
 */
export class DoorIndex {
  readonly tickets = new Map<number, PackTicket>();
  private readonly byHash = new Map<string, number>();
  readonly products = new Map<number, string>();

  constructor(
    readonly scope: DoorScope,
    readonly keyring: Keyring,
    tickets: Iterable<PackTicket>,
    products: DoorPack['products'],
  ) {
    for (const product of products) this.products.set(product.id, product.title);
    for (const ticket of tickets) this.put(ticket);
  }

  /** Adds or replaces a ticket (a change pulled from the API); an earlier first scan already known is kept. */
  put(ticket: PackTicket) {
    const known = this.tickets.get(ticket.id);
    const merged = { ...ticket };
    if (known?.scannedAt && (!merged.scannedAt || known.scannedAt < merged.scannedAt)) {
      merged.scannedAt = known.scannedAt;
      merged.gate = known.gate;
    }
    this.tickets.set(ticket.id, merged);
    this.byHash.set(ticket.codeHash, ticket.id);
  }

  /** This phone let a ticket in: its first scan, unless an earlier one is known. */
  admitted(ticketId: number, scan: FirstScan) {
    const ticket = this.tickets.get(ticketId);
    if (!ticket || (ticket.scannedAt && ticket.scannedAt <= scan.scannedAt)) return;
    this.tickets.set(ticketId, { ...ticket, scannedAt: scan.scannedAt, gate: scan.gate });
  }

  ticketByHash(hash: string): PackTicket | undefined {
    const id = this.byHash.get(hash);
    return id === undefined ? undefined : this.tickets.get(id);
  }

  /** « Entrés n / total »: tickets with a first valid scan among the unrevoked ones. */
  counts() {
    let admitted = 0;
    let total = 0;
    for (const ticket of this.tickets.values()) {
      if (ticket.revokedReason) continue;
      total += 1;
      if (ticket.scannedAt) admitted += 1;
    }
    return { admitted, total };
  }
}

const answer = (verdict: DoorVerdict, ticketId: number | null): CodeCheck => ({
  verdict,
  text: doorVerdictText(verdict),
  ticketId,
});

function verdictFor(index: DoorIndex, ticket: PackTicket | undefined): CodeCheck {
  if (!ticket) return answer({ verdict: 'UNKNOWN' }, null);
  const verdict = doorVerdict({
    ticket: {
      scope: index.scope,
      product: index.products.get(ticket.productId) ?? '',
      holder: ticket.holder,
      revokedReason: ticket.revokedReason,
    },
    scope: index.scope,
    firstScan: ticket.scannedAt ? { scannedAt: ticket.scannedAt, gate: ticket.gate ?? '' } : null,
  });
  return answer(verdict, ticket.id);
}

/**
 * The verdict for a scanned or typed text. A signed code with a bad signature, or under a key the pack does
 * not hold, is INVALID before any lookup; signed for another scope, OTHER_EVENT (the domain's rule, given the
 * scope the code names); text that is neither a signed code nor a well-formed printed code, INVALID.
 */
export async function checkCode(text: string, index: DoorIndex): Promise<CodeCheck> {
  const trimmed = text.trim();
  const parsed = parseTicketQr(trimmed);
  if (parsed) {
    if (!(await index.keyring.verify(parsed.keyId, parsed.signature, parsed.signed))) {
      return answer({ verdict: 'INVALID' }, null);
    }
    const named: DoorScope = { kind: parsed.kind, id: parsed.scopeId };
    if (named.kind !== index.scope.kind || named.id !== index.scope.id) {
      const verdict = doorVerdict({
        ticket: { scope: named, product: '', holder: '', revokedReason: null },
        scope: index.scope,
        firstScan: null,
      });
      return answer(verdict, null);
    }
    return verdictFor(index, index.tickets.get(parsed.ticketId));
  }
  const code = normaliseTypedCode(trimmed);
  if (!code) return answer({ verdict: 'INVALID' }, null);
  return verdictFor(index, index.ticketByHash(await codeHash(code)));
}
