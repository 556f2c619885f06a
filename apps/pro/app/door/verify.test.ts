/**
 * The phone's check of codes, with real signed codes: signed here by node:crypto's Ed25519 as the API signs
 * them, encoded by the domain, then verified by WebCrypto and by @noble/ed25519 — the two must agree on
 * every code, forged, truncated or re-signed with another organiser's key.
 */
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { encodeTicketQr, signedPart, type TicketQrFields } from '@guichet/domain/door';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesBase64Url, checkCode, codeHash, DoorIndex, Keyring, type PackTicket } from './verify';

function organiserKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'jwk' }).x as string;
  return { publicKey: raw, privateKey };
}

const signedCode = (fields: TicketQrFields, privateKey: KeyObject) =>
  encodeTicketQr(fields, sign(null, signedPart(fields), privateKey));

const organiser = organiserKey();
const stranger = organiserKey();
const scope = { kind: 'TICKET' as const, id: 42 };
const CODE = '8C8R-6U2U-ABCD-EFGH-JKMN-PQRS-TUVW';
const tickets: PackTicket[] = [
  { id: 1, productId: 5, holder: 'Jean Dupont', codeHash: '', revokedReason: null, scannedAt: null, gate: null },
  { id: 2, productId: 5, holder: 'Ana Lima', codeHash: 'x', revokedReason: 'ORGANIZER', scannedAt: null, gate: null },
  {
    id: 3,
    productId: 6,
    holder: 'Léo Roy',
    codeHash: 'y',
    revokedReason: null,
    scannedAt: '2026-07-14T18:14:00.000Z',
    gate: 'B',
  },
];
const products = [
  { id: 5, title: 'Catégorie 1' },
  { id: 6, title: 'Fosse' },
];
let webcrypto: DoorIndex;
let noble: DoorIndex;

beforeAll(async () => {
  (tickets[0] as PackTicket).codeHash = await codeHash(CODE);
  const keys = [{ id: 3, publicKey: organiser.publicKey }];
  webcrypto = new DoorIndex(scope, await Keyring.of(keys, 'webcrypto'), tickets, products);
  noble = new DoorIndex(scope, await Keyring.of(keys, 'noble'), tickets, products);
  expect(webcrypto.keyring.engine).toBe('webcrypto');
  expect(noble.keyring.engine).toBe('noble');
});

/** Both engines' texts for a code; they must be the same. */
async function bothSay(text: string): Promise<string> {
  const [a, b] = await Promise.all([checkCode(text, webcrypto), checkCode(text, noble)]);
  expect(b).toEqual(a);
  return a.text;
}

describe('a signed code at the door', () => {
  const fields: TicketQrFields = { kind: 'TICKET', keyId: 3, scopeId: 42, ticketId: 1 };

  it('admits a ticket of this scope, with its product and holder', async () => {
    expect(await bothSay(signedCode(fields, organiser.privateKey))).toBe('Valide — Catégorie 1, Jean Dupont');
    const check = await checkCode(signedCode(fields, organiser.privateKey), webcrypto);
    expect(check).toMatchObject({ verdict: { verdict: 'VALID' }, ticketId: 1 });
  });

  it('says why a revoked ticket and a scanned one are refused', async () => {
    expect(await bothSay(signedCode({ ...fields, ticketId: 2 }, organiser.privateKey))).toBe('Billet remboursé');
    expect(await bothSay(signedCode({ ...fields, ticketId: 3 }, organiser.privateKey))).toMatch(
      /^Déjà scanné à 20 h 14 \(porte B\)$/,
    );
  });

  it('sends a code of another event of the organiser, or a voucher, to its own door', async () => {
    expect(await bothSay(signedCode({ ...fields, scopeId: 43 }, organiser.privateKey))).toBe('Autre événement');
    expect(await bothSay(signedCode({ ...fields, kind: 'VOUCHER' }, organiser.privateKey))).toBe('Autre événement');
  });

  it('does not know a signed ticket the pack lacks', async () => {
    expect(await bothSay(signedCode({ ...fields, ticketId: 99 }, organiser.privateKey))).toBe('Code inconnu');
  });

  it('refuses a code re-signed by another organiser under this one’s key id, or under a key the pack lacks', async () => {
    expect(await bothSay(signedCode(fields, stranger.privateKey))).toBe('Code invalide');
    expect(await bothSay(signedCode({ ...fields, keyId: 4 }, organiser.privateKey))).toBe('Code invalide');
  });

  it('refuses every truncation and every single-character change of a real code, both engines agreeing', async () => {
    const text = signedCode(fields, organiser.privateKey);
    for (let length = 0; length < text.length; length++) {
      expect(await bothSay(text.slice(0, length))).not.toMatch(/^Valide/);
    }
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
    for (let at = 4; at < text.length; at++) {
      const replacement = alphabet[(alphabet.indexOf(text[at] as string) + 1 + (at % 7)) % alphabet.length];
      const forged = text.slice(0, at) + replacement + text.slice(at + 1);
      const said = await bothSay(forged);
      expect(said, `caractère ${at}`).toBe('Code invalide');
    }
  });
});

describe('a typed code, or the clear code of an older QR', () => {
  it('is found by its hash, as the API computes it, however it was typed', async () => {
    expect(await codeHash(CODE)).toBe(createHash('sha256').update(CODE).digest().subarray(0, 12).toString('base64url'));
    expect(await bothSay(CODE)).toBe('Valide — Catégorie 1, Jean Dupont');
    expect(await bothSay(' 8c8r 6u2u abcd efgh jkmn pqrs tuvw ')).toBe('Valide — Catégorie 1, Jean Dupont');
  });

  it('is unknown one symbol off, invalid with a look-alike or the wrong length', async () => {
    expect(await bothSay('8C8R-6U2U-ABCD-EFGH-JKMN-PQRS-TUVX')).toBe('Code inconnu');
    expect(await bothSay('8C8R-6U2U-ABCD-EFGH-JKMN-PQRS-TUV0')).toBe('Code invalide');
    expect(await bothSay('8C8R-6U2U-ABCD-EFGH-JKMN-PQRS-TUV')).toBe('Code invalide');
    expect(await bothSay('')).toBe('Code invalide');
  });
});

describe('the first scan known here', () => {
  it('turns a valid ticket into « déjà scanné » with this phone’s own scan, and keeps the earliest', async () => {
    const index = new DoorIndex(scope, webcrypto.keyring, tickets, products);
    index.admitted(1, { scannedAt: '2026-07-14T19:02:00.000Z', gate: 'A' });
    index.admitted(1, { scannedAt: '2026-07-14T19:30:00.000Z', gate: 'C' });
    expect((await checkCode(CODE, index)).text).toBe('Déjà scanné à 21 h 02 (porte A)');
    // Another gate's earlier scan pulled from the API wins over ours.
    index.put({ ...(tickets[0] as PackTicket), scannedAt: '2026-07-14T18:50:00.000Z', gate: 'B' });
    expect((await checkCode(CODE, index)).text).toBe('Déjà scanné à 20 h 50 (porte B)');
    expect(index.counts()).toEqual({ admitted: 2, total: 2 });
  });
});

it('encodes base64url as Node does', () => {
  const bytes = new Uint8Array([251, 255, 191, 0, 1]);
  expect(bytesBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
});
