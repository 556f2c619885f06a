/**
 * Door control on the pro site (docs/decisions/0065): a scanner's phone downloads a scope's pack — the
 * organiser's public keys, the tickets (holder, product, hash of the printed code, revocation, first scan) —
 * checks codes offline with the domain's one rule (`doorVerdict`), queues its check-ins and sends them in
 * batches, each with the nonce it drew, so that a batch sent twice counts once. The first valid scan wins (by
 * the scanning phone's clock); every other valid scan of the same ticket is a conflict, told to each gate
 * concerned. Owners, managers and scanners of the organiser; a scope is a ticketing (its tickets) or an offer
 * whose partner is this organiser (its vouchers).
 */

import { REFUND_REASONS } from '@guichet/domain';
import { DOOR_VERDICTS, TICKET_QR_KINDS } from '@guichet/domain/door';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { BoundedInstant, text } from '../text.js';
import { ORGANIZER_NOT_FOUND_MESSAGE, OrganizerParams, ROLE_FORBIDDEN_MESSAGE } from './session.js';

/** The most check-ins one batch may carry: a phone back online after hours sends its queue in such batches. */
export const CHECK_IN_BATCH_MAX = 1000;
/** How far back `changes` looks before `since`: a transaction that committed late is still seen (merges are idempotent). */
export const DOOR_CHANGES_OVERLAP_MS = 60_000;
/** A phone's clock is believed up to a day before the API received its scan, never after (docs/decisions/0065). */
export const CHECK_IN_CLOCK_WINDOW_MS = 24 * 60 * 60 * 1000;

export const DOOR_MESSAGES = {
  scopeNotFound: 'Contrôle introuvable.',
  batchTooLarge: `${CHECK_IN_BATCH_MAX} passages au plus par envoi.`,
} as const;

/** A scope in a path: `ticketings/12` (a ticketing's tickets) or `offers/7` (an offer's vouchers). */
export const DOOR_SCOPE_PATHS = { ticketings: 'TICKET', offers: 'VOUCHER' } as const;
export type DoorScopePath = keyof typeof DOOR_SCOPE_PATHS;
export const DoorScopeParams = OrganizerParams.extend({
  scopeKind: z.enum(Object.keys(DOOR_SCOPE_PATHS) as [DoorScopePath, ...DoorScopePath[]]),
  scopeId: pathId('Contrôle'),
});

export const DoorScopeKind = z
  .enum(TICKET_QR_KINDS)
  .describe('TICKET : une billetterie ; VOUCHER : les bons d’une offre.');
export const DoorGate = text({ max: 40 }).describe(
  'Nom de la porte, tel que le téléphone l’a réglé (« A », « Entrée nord »).',
);
export const DoorDeviceId = text({ max: 64, asTyped: true }).describe(
  'Identifiant tiré par le téléphone à sa première ouverture.',
);
const Instant = z.iso.datetime();

export const DoorScopeSummary = z
  .object({
    kind: DoorScopeKind,
    id: RowId,
    title: z.string(),
    startsAt: Instant.nullable().describe('Début de l’événement ; null pour une offre.'),
    endsAt: Instant.describe('Fin de l’événement, ou de la validité de l’offre.'),
    admitted: z.number().int().describe('Billets déjà entrés (un premier passage valide).'),
    total: z.number().int().describe('Billets valides (non révoqués).'),
  })
  .meta({ id: 'DoorScopeSummary', description: 'Un contrôle d’accès : une billetterie ou les bons d’une offre.' });
export type DoorScopeSummary = z.infer<typeof DoorScopeSummary>;

export const DoorScopeList = z.object({ scopes: z.array(DoorScopeSummary) });

/** One ticket of a pack, as an array to keep 10,000 of them small: [id, productId, holder, codeHash, revokedReason, scannedAt, gate]. */
export const DoorPackTicket = z.tuple([
  RowId,
  RowId,
  z.string().describe('Titulaire'),
  z.string().describe('base64url des 12 premiers octets du SHA-256 du code imprimé (codes saisis, anciens QR).'),
  z.enum(REFUND_REASONS).nullable().describe('Pourquoi il est révoqué ; null s’il est valable.'),
  Instant.nullable().describe('Premier passage valide'),
  z.string().nullable().describe('Porte de ce passage'),
]);
export type DoorPackTicket = z.infer<typeof DoorPackTicket>;

export const DoorPack = z
  .object({
    scope: DoorScopeSummary,
    keys: z
      .array(
        z.object({ id: RowId, publicKey: z.string().describe('Clé publique Ed25519 brute (32 octets), base64url.') }),
      )
      .describe('Les clés de l’organisateur dont les signatures valent encore.'),
    products: z.array(z.object({ id: RowId, title: z.string() })),
    tickets: z.array(DoorPackTicket),
    serverTime: Instant.describe('À repasser en `since` de la première demande de changements.'),
  })
  .meta({ id: 'DoorPack', description: 'Tout ce qu’un téléphone doit garder pour contrôler hors ligne.' });
export type DoorPack = z.infer<typeof DoorPack>;

/** A scan that was not the first valid one of its ticket, with the one that won: told to both gates. */
export const DoorConflict = z.object({
  ticketId: RowId,
  winner: z.object({ gate: z.string(), scannedAt: Instant, deviceId: z.string() }),
  other: z.object({ gate: z.string(), scannedAt: Instant, deviceId: z.string(), nonce: z.uuid() }),
});
export type DoorConflict = z.infer<typeof DoorConflict>;

export const DoorChangesQuery = z.object({
  since: BoundedInstant.describe('Le `serverTime` de la réponse précédente.'),
  deviceId: DoorDeviceId,
});

export const DoorChanges = z
  .object({
    tickets: z.array(DoorPackTicket).describe('Les billets révoqués ou entrés depuis `since`, dans leur état actuel.'),
    conflicts: z.array(DoorConflict).describe('Les doubles passages où ce téléphone est en cause.'),
    serverTime: Instant,
  })
  .meta({ id: 'DoorChanges', description: 'Ce qui a changé depuis la dernière synchronisation.' });
export type DoorChanges = z.infer<typeof DoorChanges>;

export const DoorScanBody = z.object({
  code: text({ max: 200, asTyped: true }).describe('Le texte du QR code, ou le code imprimé tel que saisi.'),
  nonce: z.uuid(),
  gate: DoorGate,
  deviceId: DoorDeviceId,
});

const DoorVerdictAnswer = z.object({
  verdict: z.enum(DOOR_VERDICTS),
  text: z.string().describe('Ce que l’écran affiche, en français.'),
  ticketId: RowId.nullable(),
  product: z.string().optional(),
  holder: z.string().optional(),
  scannedAt: Instant.optional(),
  gate: z.string().optional(),
});
export const DoorScanAnswer = DoorVerdictAnswer.meta({ id: 'DoorScanAnswer', description: 'Le verdict de la porte.' });
export type DoorScanAnswer = z.infer<typeof DoorScanAnswer>;

export const CheckInInput = z.object({
  nonce: z.uuid(),
  ticketId: RowId,
  scannedAt: BoundedInstant.describe(
    'Heure du passage, horloge du téléphone (ramenée dans les 24 h précédant la réception).',
  ),
  localVerdict: z.enum(DOOR_VERDICTS),
});
export type CheckInInput = z.infer<typeof CheckInInput>;

export const CheckInBatch = z.object({
  deviceId: DoorDeviceId,
  gate: DoorGate,
  checkIns: z.array(CheckInInput).min(1).max(CHECK_IN_BATCH_MAX, DOOR_MESSAGES.batchTooLarge),
});

export const CheckInReceipt = z
  .object({
    recorded: z.number().int().describe('Passages enregistrés par cet envoi.'),
    alreadyHad: z.number().int().describe('Passages déjà reçus (même nonce) : comptés une fois.'),
    conflicts: z.array(DoorConflict),
    revoked: z.array(RowId).describe('Billets laissés entrer alors qu’ils étaient révoqués.'),
  })
  .meta({ id: 'CheckInReceipt', description: 'Ce que l’API a fait d’un envoi de passages.' });
export type CheckInReceipt = z.infer<typeof CheckInReceipt>;

const doorErrors = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  403: ErrorAnswer.describe(ROLE_FORBIDDEN_MESSAGE),
  404: ErrorAnswer.describe(ORGANIZER_NOT_FOUND_MESSAGE),
};

export const listDoorScopes = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/door',
  summary:
    'Les contrôles d’accès de l’organisateur : ses billetteries (les plus proches d’abord) et les offres dont il est partenaire.',
  tags: ['pro', 'door'],
  params: OrganizerParams,
  responses: { 200: DoorScopeList, ...doorErrors },
});

export const getDoorPack = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/door/:scopeKind/:scopeId/pack',
  summary: 'Le paquet d’un contrôle : clés publiques, billets, révocations et premiers passages.',
  tags: ['pro', 'door'],
  params: DoorScopeParams,
  responses: { 200: DoorPack, ...doorErrors },
});

export const getDoorChanges = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/door/:scopeKind/:scopeId/changes',
  summary: 'Révocations, passages des autres portes et conflits depuis la dernière synchronisation.',
  tags: ['pro', 'door'],
  params: DoorScopeParams,
  query: DoorChangesQuery,
  responses: { 200: DoorChanges, ...doorErrors },
});

export const scanAtDoor = defineEndpoint({
  method: 'POST',
  path: '/pro/organizers/:organizerId/door/:scopeKind/:scopeId/scan',
  summary: 'Contrôle en ligne d’un code (QR signé, ancien QR ou code saisi) : le verdict, enregistré.',
  tags: ['pro', 'door'],
  params: DoorScopeParams,
  body: DoorScanBody,
  responses: { 200: DoorScanAnswer, ...doorErrors },
});

export const sendCheckIns = defineEndpoint({
  method: 'POST',
  path: '/pro/organizers/:organizerId/door/:scopeKind/:scopeId/check-ins',
  summary: 'Les passages contrôlés hors ligne, par lots : chacun compté une fois (nonce), le premier passage gagne.',
  tags: ['pro', 'door'],
  params: DoorScopeParams,
  body: CheckInBatch,
  responses: { 200: CheckInReceipt, ...doorErrors },
});
