/**
 * Abuse limits on the calls that write or cost: so many requests per visitor address (request.ip, the
 * visitor's own behind the trusted web servers; IPv6 per /64 network) in a window, then 429 RATE_LIMITED with
 * a French message and Retry-After. The limits live in this one table, keyed by the contracts' endpoints.
 *
 * Counters are in Redis when REDIS_URL is set, so that every API process counts the same visitor together;
 * in this process's memory otherwise (one process: PGlite, or a single server). A Redis that cannot be
 * reached lets requests through rather than refusing every buyer — an outage of the counter is not a
 * reason to stop selling; it is logged.
 *
 * Login failures have their own throttle besides (per account too, in the database: services/auth/throttle).
 */

import rateLimit from '@fastify/rate-limit';
import {
  acceptTeamInvitation,
  answerSurvey,
  changePassword,
  confirmChallenge,
  confirmProEmail,
  createCart,
  createOrder,
  type Endpoint,
  forgotPassword,
  login,
  mergeAccountCart,
  participateInContest,
  payWithCard,
  proLogin,
  proSignup,
  registerAccount,
  resendProConfirmation,
  resetPassword,
  updateCart,
} from '@guichet/contracts';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { ApiEnv } from '../env.js';
import { HttpError } from '../lib/http-error.js';

type Limit = { max: number; windowSeconds: number };

const MINUTE = 60;

/** Per visitor address. Generous for people, tight for scripts. */
export const RATE_LIMITS: readonly (readonly [Endpoint, Limit])[] = [
  [login, { max: 20, windowSeconds: MINUTE }],
  [proLogin, { max: 20, windowSeconds: MINUTE }],
  [registerAccount, { max: 20, windowSeconds: 10 * MINUTE }],
  [forgotPassword, { max: 5, windowSeconds: 15 * MINUTE }],
  [resetPassword, { max: 10, windowSeconds: 15 * MINUTE }],
  [changePassword, { max: 10, windowSeconds: 15 * MINUTE }],
  // The pro site's sign-up creates an account as the public registration does; its links are tried like resets.
  [proSignup, { max: 20, windowSeconds: 10 * MINUTE }],
  [resendProConfirmation, { max: 5, windowSeconds: 15 * MINUTE }],
  [confirmProEmail, { max: 10, windowSeconds: 15 * MINUTE }],
  [acceptTeamInvitation, { max: 10, windowSeconds: 15 * MINUTE }],
  // Every + or − of the cart is a write.
  [createCart, { max: 120, windowSeconds: MINUTE }],
  [updateCart, { max: 120, windowSeconds: MINUTE }],
  [mergeAccountCart, { max: 60, windowSeconds: MINUTE }],
  [createOrder, { max: 20, windowSeconds: MINUTE }],
  // Card numbers tried one after the other (card testing).
  [payWithCard, { max: 10, windowSeconds: MINUTE }],
  [confirmChallenge, { max: 10, windowSeconds: MINUTE }],
  [participateInContest, { max: 10, windowSeconds: MINUTE }],
  [answerSurvey, { max: 10, windowSeconds: MINUTE }],
];

const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

const LIMIT_OF_ROUTE = new Map(
  RATE_LIMITS.map(([endpoint, limit]) => [routeKey(endpoint.method, endpoint.path), limit] as const),
);

/** « 42 secondes », « 1 minute », « 15 minutes »: how long to wait, said as a person would. */
export function frenchDelay(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} seconde${whole > 1 ? 's' : ''}`;
  const minutes = Math.ceil(whole / 60);
  return `${minutes} minute${minutes > 1 ? 's' : ''}`;
}

export async function registerRateLimits(app: FastifyInstance, env: ApiEnv): Promise<void> {
  if (!env.RATE_LIMITS) return;
  // Before the plugin's own onRoute hook, which reads config.rateLimit: the limits are given from the table.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const limit = methods.map((method) => LIMIT_OF_ROUTE.get(routeKey(method, route.url))).find(Boolean);
    if (!limit) return;
    route.config = {
      ...(route.config as object),
      rateLimit: { max: limit.max, timeWindow: limit.windowSeconds * 1000 },
    } as typeof route.config;
  });

  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, {
        lazyConnect: true,
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        // A request is never held waiting for Redis: while it is away, requests are not counted.
        enableOfflineQueue: false,
      })
    : null;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis (limites de requêtes) injoignable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Connected before the first request, so that the first ones are counted too.
    await redis.connect().catch(() => {});
  }

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'guichet:limite:' } : {}),
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'RATE_LIMITED',
        `Trop de tentatives en peu de temps. Réessayez dans ${frenchDelay(context.ttl / 1000)}.`,
      ),
  });
}
