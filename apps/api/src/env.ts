/**
 * The API's environment, read and checked once at start-up. The secrets have no default in the code: in
 * production a missing one stops start-up with a message naming it; elsewhere `withLocalSecrets` takes
 * them from the data folder, where the first start writes random ones (docs/decisions/0018).
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { PAYMENT_PROVIDERS, paymentProviderOf } from '@guichet/domain';
import { z } from 'zod';
import { LOCAL_SECRETS_FILE, localSecrets } from './lib/local-secrets.mjs';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'));

/** An address, a CIDR range, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (isIP(prefix) === family) return true; // address/netmask
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    /** API processes sharing the port (Node cluster); more than one needs a PostgreSQL server (DATABASE_URL). */
    API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL doit commencer par postgres:// ou postgresql://' })
      .optional(),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, { message: 'DATABASE_SCHEMA : lettres minuscules, chiffres et _ seulement' })
      .default('public'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    PGLITE_DIR: z.string().min(1).default('.data/pglite'),
    SEED_DEMO: flag(true),
    JWT_SECRET: z.string().min(32, { message: 'JWT_SECRET doit faire au moins 32 caractères' }).optional(),
    PUBLIC_API_TOKEN: z.string().min(16, { message: 'PUBLIC_API_TOKEN doit faire au moins 16 caractères' }).optional(),
    /**
     * What the organisers' ticket-signing private keys are encrypted with (HKDF-SHA-256 → AES-256-GCM,
     * docs/decisions/0064). Unset, it is derived from JWT_SECRET under a label of its own; set it to rotate
     * JWT_SECRET without losing the keys.
     */
    TICKET_SIGNING_SECRET: z
      .string()
      .min(32, { message: 'TICKET_SIGNING_SECRET doit faire au moins 32 caractères' })
      .optional(),
    /** Addresses whose X-Forwarded-For is believed (the web servers): comma-separated addresses or CIDR ranges. */
    TRUSTED_PROXIES: z
      .string()
      .default('127.0.0.1,::1')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every(isProxyAddress), {
        message: 'TRUSTED_PROXIES : adresses IP ou plages CIDR séparées par des virgules',
      }),
    /** Public address of the site, for links in e-mails. */
    SITE_URL: z
      .url({ protocol: /^https?$/, message: 'SITE_URL doit être une adresse http:// ou https://' })
      .default('http://localhost:3000')
      .transform((url) => url.replace(/\/+$/, '')),
    /** Public address of the pro site (organisers), for the links of its e-mails (confirmation, invitations). */
    PRO_URL: z
      .url({ protocol: /^https?$/, message: 'PRO_URL doit être une adresse http:// ou https://' })
      .default('http://localhost:3001')
      .transform((url) => url.replace(/\/+$/, '')),
    /** smtp://user:pass@host:port or smtps://…; unset, mails are written to MAIL_OUTBOX_DIR instead. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { message: 'SMTP_URL doit commencer par smtp:// ou smtps://' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Guichet <no-reply@guichet.example>'),
    /** Abuse limits per visitor (plugins/rate-limits.ts); `false` only for load tests from one address. */
    RATE_LIMITS: flag(true),
    /** redis://… — the abuse limits' counters, shared by every API process; unset, each process counts alone. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, { message: 'REDIS_URL doit commencer par redis:// ou rediss://' })
      .optional(),
    MAIL_OUTBOX_DIR: z.string().min(1).default('.data/outbox'),
    /** Where uploaded visuals are stored, as the WebP files `GET /media/:name` serves (docs/decisions/0059). */
    UPLOADS_DIR: z.string().min(1).default('.data/uploads'),
    /**
     * How long the public catalogue's answers are served again from memory (plugins/shared-answers.ts), in
     * milliseconds; an answer is dropped at once when the data changes. 0 turns the cache off.
     */
    API_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    /** How often each API process reads the data version that other processes and direct edits change (ms). */
    DATA_VERSION_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
    /** Who takes payments: `demo` (test cards on the site's own page) unless Stripe's two keys are set. */
    PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, { message: 'STRIPE_SECRET_KEY doit commencer par sk_test_, sk_live_…' })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, { message: 'STRIPE_WEBHOOK_SECRET doit commencer par whsec_' })
      .optional(),
  })
  .superRefine((env, context) => {
    if (env.API_WORKERS > 1 && !env.DATABASE_URL)
      context.addIssue({
        code: 'custom',
        path: ['API_WORKERS'],
        message:
          'API_WORKERS au-delà de 1 demande un serveur PostgreSQL (DATABASE_URL) : la base embarquée ne s’ouvre que dans un processus',
      });
    const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
    if (env.PAYMENT_PROVIDER === 'stripe' ? stripeKeys < 2 : stripeKeys === 1)
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'Stripe demande STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET, tous les deux',
      });
    for (const name of ['JWT_SECRET', 'PUBLIC_API_TOKEN'] as const) {
      if (env[name]) continue;
      const message =
        env.NODE_ENV === 'production'
          ? `${name} est obligatoire en production`
          : `${name} est obligatoire (sans lui, le démarrage le crée dans ${LOCAL_SECRETS_FILE})`;
      context.addIssue({ code: 'custom', path: [name], message });
    }
  })
  .transform(({ JWT_SECRET, PUBLIC_API_TOKEN, PAYMENT_PROVIDER, ...env }) => ({
    ...env,
    PAYMENT_PROVIDER: paymentProviderOf({ PAYMENT_PROVIDER, STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY }),
    PGLITE_DIR: resolve(env.PGLITE_DIR),
    MAIL_OUTBOX_DIR: resolve(env.MAIL_OUTBOX_DIR),
    UPLOADS_DIR: resolve(env.UPLOADS_DIR),
    // Both present: checked just above.
    JWT_SECRET: JWT_SECRET as string,
    TICKET_SIGNING_SECRET: env.TICKET_SIGNING_SECRET ?? `jwt:${JWT_SECRET as string}`,
    PUBLIC_API_TOKEN: PUBLIC_API_TOKEN as string,
  }));

export type ApiEnv = z.output<typeof EnvSchema>;

export class InvalidEnvironmentError extends Error {}

/**
 * The environment with its secrets: outside production, those not set are the ones kept in
 * `.data/secrets.json` of the working folder, created with random values on the first start. In
 * production nothing is filled in, and `parseEnv` names what is missing.
 */
export function withLocalSecrets(
  source: NodeJS.ProcessEnv = process.env,
  file = resolve(LOCAL_SECRETS_FILE),
): NodeJS.ProcessEnv {
  if (source.NODE_ENV === 'production') return source;
  return { ...source, ...localSecrets(file, source) };
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): ApiEnv {
  // An empty variable means "not set", as in most shells' `FOO= command`.
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = EnvSchema.safeParse(defined);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.') || 'environnement'} : ${issue.message}`);
  throw new InvalidEnvironmentError(`Configuration invalide, l'API ne démarre pas :\n${lines.join('\n')}`);
}
