import { PAYMENT_PAGE_ORIGIN, PAYMENT_PROVIDERS, paymentProviderOf } from '@guichet/domain';
import { z } from 'zod';
import type { PublicEnv } from '../public-env';

/** An unset or empty variable takes the default. */
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

/** An absolute http(s) URL without its trailing slash, so paths can be appended. */
const baseUrl = (fallback: string) =>
  z.preprocess(
    emptyAsUnset,
    z
      .url({ protocol: /^https?$/ })
      .default(fallback)
      .transform((url) => url.replace(/\/+$/, '')),
  );

const envSchema = z.object({
  SITE_URL: baseUrl('http://localhost:3000'),
  API_URL: baseUrl('http://localhost:4000'),
  /** External customer support site. */
  SUPPORT_URL: baseUrl('https://support.guichet.example'),
  /** The pro site (apps/pro), where organisers open a ticketing: `npm start` serves it on port 3001. */
  PRO_URL: baseUrl('http://localhost:3001'),
  /**
   * The site's public token, sent to the API when a ticketing page view is counted (header x-public-token).
   * Server-only: the browser posts to the site, which adds it. No default: whoever starts the API and the
   * site together hands both the same one (scripts/lib/servers.mjs); without it, outside production, the
   * site counts no views. Required in production.
   */
  PUBLIC_API_TOKEN: z.preprocess(emptyAsUnset, z.string().min(16).optional()),
  /**
   * Who takes payments, as the API reads it (the same variables): the web allows its checkout form to be
   * answered by a redirect to that provider's page (CSP form-action). Only whether a Stripe key is set is read.
   */
  PAYMENT_PROVIDER: z.preprocess(emptyAsUnset, z.enum(PAYMENT_PROVIDERS).optional()),
  STRIPE_SECRET_KEY: z.preprocess(emptyAsUnset, z.string().optional()),
  /** Pages and header links the spec shows only in development mode; only the string 'false' turns them off. */
  PREVIEW_FEATURES: z
    .string()
    .optional()
    .transform((value) => value !== 'false'),
});

export type ServerEnv = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Configuration invalide, le site ne démarre pas :\n${z.prettifyError(parsed.error)}`);
  }
  if (source.NODE_ENV === 'production' && !parsed.data.PUBLIC_API_TOKEN) {
    throw new Error(
      'Configuration invalide, le site ne démarre pas :\n✖ PUBLIC_API_TOKEN est obligatoire en production',
    );
  }
  return parsed.data;
}

/** Parsed once, when the server starts. */
export const serverEnv: ServerEnv = parseEnv(process.env);

export function publicEnv(env: ServerEnv = serverEnv): PublicEnv {
  return {
    siteUrl: env.SITE_URL,
    supportUrl: env.SUPPORT_URL,
    proUrl: env.PRO_URL,
    previewFeatures: env.PREVIEW_FEATURES,
  };
}

/** Where the site's forms may be answered, besides the site itself: the payment provider's page, if any. */
export function formTargets(env: ServerEnv = serverEnv): string[] {
  const origin = PAYMENT_PAGE_ORIGIN[paymentProviderOf(env)];
  return origin ? [origin] : [];
}
