/**
 * The back office's audit log (issue 27): who changed what and when, read by platform administrators.
 * Every /pro/admin endpoint answers 404 to anyone else (docs/decisions/0067).
 */
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { PageNumber, pageSizeOf, queryCount, text } from '../text.js';

export const AUDIT_PAGE_SIZE = { default: 50, max: 200 } as const;

export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    userEmail: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    entity: z.enum(AUDIT_ENTITIES),
    entityId: z.number().int(),
    label: z.string(),
    changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  })
  .meta({ id: 'AuditEntry', description: 'Une modification du back-office : qui, quoi, quand.' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const listAuditLog = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/audit',
  summary: 'Le journal des modifications du back-office, du plus récent au plus ancien (administrateurs).',
  tags: ['admin'],
  query: z.object({
    entity: z.enum(AUDIT_ENTITIES).optional(),
    entityId: queryCount(1, 2_147_483_647, 1).optional(),
    q: text({ max: 100, required: false }).optional(),
    page: PageNumber,
    pageSize: pageSizeOf(AUDIT_PAGE_SIZE, 'Lignes'),
  }),
  responses: {
    200: z.object({
      entries: z.array(AuditEntry),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
    400: ErrorAnswer,
    404: ErrorAnswer,
  },
});
