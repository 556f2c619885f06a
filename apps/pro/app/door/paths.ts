/**
 * The door's addresses on the pro site (French paths) and the scope they name. A scope's path kind is French
 * (`billetteries`, `offres`), the API's English (`ticketings`, `offers`): mapped here, once.
 */
import type { DoorScopePath } from '@guichet/contracts';
import type { DoorScope } from '@guichet/domain/door';
import { organizerPath } from '../lib/pro-paths';

export const DOOR_HOME_PATH = '/controle';

/** French path kind → the API's path kind and the scope's kind (a ticketing's tickets, an offer's vouchers). */
export const DOOR_PATH_KINDS = {
  billetteries: { api: 'ticketings', kind: 'TICKET' },
  offres: { api: 'offers', kind: 'VOUCHER' },
} as const satisfies Record<string, { api: DoorScopePath; kind: DoorScope['kind'] }>;
export type DoorPathKind = keyof typeof DOOR_PATH_KINDS;

export const isDoorPathKind = (value: string | undefined): value is DoorPathKind =>
  value !== undefined && Object.hasOwn(DOOR_PATH_KINDS, value);

export const pathKindOf = (kind: DoorScope['kind']): DoorPathKind => (kind === 'TICKET' ? 'billetteries' : 'offres');

/** An organiser's list of scopes to control. */
export const doorListPath = (organizerId: number) => organizerPath(organizerId, 'controle');

/** The scan page of one scope; its resource routes (`paquet`, `changements`, `passages`, `scan`) sit below it. */
export const scanPagePath = (organizerId: number, scope: DoorScope) =>
  organizerPath(organizerId, `controle/${pathKindOf(scope.kind)}/${scope.id}`);

const SCAN_PAGE = /^\/organisateurs\/\d+\/controle\/(billetteries|offres)\/\d+\/?$/;

/** Whether a path is a scan page (its headers allow the camera and WebAssembly: entry.server.tsx). */
export const isScanPagePath = (pathname: string) => SCAN_PAGE.test(pathname);

/** The key a scope is stored under on the phone (a ticketing and an offer may share a number). */
export const scopeKey = (scope: DoorScope) => `${scope.kind}:${scope.id}`;

/**
 * How long one request of the sync may take (a batch of 1,000, a pack of 10,000 tickets): past it, the request is
 * given up and the next round sends the same nonces again. A door's network can hang without failing.
 */
export const SYNC_REQUEST_TIMEOUT_MS = 30_000;
/** How long a scan waits for the API's own verdict before the pack on the phone decides (the queue then sends it). */
export const ONLINE_SCAN_TIMEOUT_MS = 2_500;
