/**
 * The answers every visitor shares (the catalogue, deals, Le Mag, search, redirects) served again from memory:
 * the same URL gets the same bytes for API_CACHE_TTL_MS, without validation, query or serialisation again,
 * as long as the data version (services/data-version.ts) is the one the answer was computed under. A hold,
 * a sale or an edit moves the version on, so a page never shows places that are gone for longer than the
 * version takes to reach this process (at once for its own writes, DATA_VERSION_POLL_MS for the others').
 *
 * Only these endpoints, only GET, only 200 answers and never a request that carries a member's token: none
 * of these answers depends on who asks, and a cached one is exactly an answer the route gave to that URL
 * after checking it, so malformed requests are never served from here. Bounded: the oldest entry leaves first.
 */
import {
  type Endpoint,
  getAgenda,
  getArticle,
  getCountryPeriods,
  getHomePage,
  getListingPage,
  getOffer,
  getOrganizer,
  getPerformer,
  getTicketing,
  listArticles,
  listCountries,
  listOrganizers,
  listPerformers,
  listRedirects,
  listTicketings,
  lookupRedirect,
  offersHome,
  searchOffers,
  searchSite,
  suggestOffers,
  suggestSite,
} from '@guichet/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { Database } from '../db/client.js';
import type { ApiEnv } from '../env.js';
import { watchDataVersion } from '../services/data-version.js';

export const SHARED_ANSWERS: readonly Endpoint[] = [
  listTicketings,
  getListingPage,
  getHomePage,
  getTicketing,
  listCountries,
  getCountryPeriods,
  getAgenda,
  listPerformers,
  getPerformer,
  listOrganizers,
  getOrganizer,
  offersHome,
  searchOffers,
  suggestOffers,
  getOffer,
  searchSite,
  suggestSite,
  listArticles,
  getArticle,
  listRedirects,
  lookupRedirect,
];

/** Entries kept at most: a few thousand pages of the catalogue, a few tens of megabytes at worst. */
export const MAX_SHARED_ANSWERS = 2_000;

type Entry = { version: string; expires: number; contentType: string; payload: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The data version when a shared answer's computation began: what it is stored under. */
    sharedAnswerVersion?: string | null;
  }
}

const CACHE_HEADER = 'x-shared-answer';

export function registerSharedAnswers(app: FastifyInstance, env: ApiEnv, db: Database): void {
  const ttlMs = env.API_CACHE_TTL_MS;
  // Off: no version to follow either (no poll, no read after each write).
  if (ttlMs === 0) return;
  const entries = new Map<string, Entry>();
  const versions = watchDataVersion(db, { pollMs: env.DATA_VERSION_POLL_MS });
  app.addHook('onClose', async () => versions.stop());

  // Any write this process serves may have changed the data: the version is read again before the answer
  // leaves, so the writer's next request (and everybody's) is compared with the new one.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
      await versions.refresh();
    }
    return payload;
  });

  const serveKept: onRequestHookHandler = (request: FastifyRequest, reply: FastifyReply, done) => {
    if (request.method !== 'GET' || request.headers.authorization !== undefined) return done();
    const version = versions.current();
    request.sharedAnswerVersion = version;
    const entry = entries.get(request.url);
    if (!entry || version === null) return done();
    if (entry.version !== version || entry.expires <= Date.now()) {
      entries.delete(request.url);
      return done();
    }
    reply.header(CACHE_HEADER, 'hit').type(entry.contentType).send(entry.payload);
  };

  const keep: onSendHookHandler = async (request, reply, payload) => {
    const version = request.sharedAnswerVersion;
    if (
      version === undefined ||
      version === null ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      reply.getHeader(CACHE_HEADER) === 'hit'
    ) {
      return payload;
    }
    entries.delete(request.url);
    entries.set(request.url, {
      version,
      expires: Date.now() + ttlMs,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      payload,
    });
    // Map keeps insertion order: the first key is the oldest.
    if (entries.size > MAX_SHARED_ANSWERS) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    return payload;
  };

  const paths = new Set(SHARED_ANSWERS.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => paths.has(`${method} ${route.url}`))) return;
    route.onRequest = [...asArray(route.onRequest), serveKept];
    route.onSend = [...asArray(route.onSend), keep];
  });
}

function asArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
