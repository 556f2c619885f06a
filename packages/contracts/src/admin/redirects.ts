/**
 * The back office's redirects (issue 27): the table the public site looks every path up in, kept by platform
 * administrators — list (paged, searchable), add, edit, remove, and « tester un chemin » (what the site would do
 * for a path, with where a chain would end). Loops and chains are refused (409 REDIRECT_CHAIN), a source has one
 * redirect (409 REDIRECT_SOURCE_TAKEN). Every /pro/admin endpoint answers 404 to anyone else (decision 0067).
 */
import {
  normaliseRedirectTarget,
  normaliseSitePath,
  REDIRECT_FIELDS,
  REDIRECT_MESSAGES,
  redirectTargetPath,
} from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId } from '../ids.js';
import { fieldText, PageNumber, pageSizeOf, text } from '../text.js';

export const REDIRECT_PAGE_SIZE = { default: 50, max: 200 } as const;

export const REDIRECT_KIND_VALUES = ['PERMANENT', 'TEMPORARY'] as const;
export const RedirectKind = z.enum(REDIRECT_KIND_VALUES, { error: 'Choisissez le type de redirection.' });
export type RedirectKind = z.infer<typeof RedirectKind>;
export const REDIRECT_KIND_LABELS: Readonly<Record<RedirectKind, string>> = {
  PERMANENT: 'Permanente (301)',
  TEMPORARY: 'Temporaire (302)',
};

export const AdminRedirect = z
  .object({
    id: z.number().int(),
    source: z.string(),
    target: z.string(),
    kind: RedirectKind,
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminRedirect', description: 'Une redirection de la table du site.' });
export type AdminRedirect = z.infer<typeof AdminRedirect>;

export const RedirectBody = z
  .object({
    /** Stored as the browser sends it: percent-encoded, without trailing slash. */
    source: fieldText(REDIRECT_FIELDS.source).transform(normaliseSitePath),
    target: fieldText(REDIRECT_FIELDS.target).transform(normaliseRedirectTarget),
    kind: RedirectKind,
  })
  .refine((body) => redirectTargetPath(body.target) !== body.source, {
    path: ['target'],
    message: REDIRECT_MESSAGES.sameAsSource,
  });
export type RedirectBody = z.infer<typeof RedirectBody>;

export const RedirectParams = z.object({ redirectId: pathId('Redirection') });

/** What the public site would do for a path: the redirect it hits, each step, and where it ends. */
export const RedirectTrial = z
  .object({
    path: z.string(),
    /** The steps followed from the path, in order (empty: no redirect, the page itself answers). */
    steps: z.array(z.object({ id: z.number().int(), source: z.string(), target: z.string(), kind: RedirectKind })),
    /** Where the visitor lands: a site path or an address outside. */
    endsAt: z.string(),
    /** Whether the steps come back to a path already passed (a loop: the table refuses to make one). */
    loops: z.boolean(),
  })
  .meta({ id: 'RedirectTrial' });
export type RedirectTrial = z.infer<typeof RedirectTrial>;

const REFUSED = {
  400: ErrorAnswer,
  404: ErrorAnswer,
  409: ErrorAnswer.describe('Chemin déjà redirigé (REDIRECT_SOURCE_TAKEN), boucle ou chaîne (REDIRECT_CHAIN).'),
};

export const listAdminRedirects = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/redirects',
  summary: 'Les redirections du site, par chemin, recherchables (administrateurs).',
  tags: ['admin'],
  query: z.object({
    q: text({ max: 100, required: false }).optional(),
    page: PageNumber,
    pageSize: pageSizeOf(REDIRECT_PAGE_SIZE, 'Redirections'),
  }),
  responses: {
    200: z.object({
      redirects: z.array(AdminRedirect),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
    400: ErrorAnswer,
    404: ErrorAnswer,
  },
});

export const getAdminRedirect = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/redirects/:redirectId',
  summary: 'Une redirection (administrateurs).',
  tags: ['admin'],
  params: RedirectParams,
  responses: { 200: AdminRedirect, 400: ErrorAnswer, 404: ErrorAnswer },
});

export const createAdminRedirect = defineEndpoint({
  method: 'POST',
  path: '/pro/admin/redirects',
  summary: 'Ajoute une redirection ; boucles et chaînes refusées (409).',
  tags: ['admin'],
  body: RedirectBody,
  responses: { 201: AdminRedirect, ...REFUSED },
});

export const updateAdminRedirect = defineEndpoint({
  method: 'PUT',
  path: '/pro/admin/redirects/:redirectId',
  summary: 'Modifie une redirection ; boucles et chaînes refusées (409).',
  tags: ['admin'],
  params: RedirectParams,
  body: RedirectBody,
  responses: { 200: AdminRedirect, ...REFUSED },
});

export const deleteAdminRedirect = defineEndpoint({
  method: 'DELETE',
  path: '/pro/admin/redirects/:redirectId',
  summary: 'Supprime une redirection.',
  tags: ['admin'],
  params: RedirectParams,
  responses: { 204: z.undefined().describe('Redirection supprimée.'), 400: ErrorAnswer, 404: ErrorAnswer },
});

export const tryAdminRedirectPath = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/redirects/trial',
  summary: 'Ce que le site ferait pour un chemin : la redirection trouvée et où mène la suite.',
  tags: ['admin'],
  query: z.object({ path: fieldText(REDIRECT_FIELDS.target) }),
  responses: { 200: RedirectTrial, 400: ErrorAnswer, 404: ErrorAnswer },
});
