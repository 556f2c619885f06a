import { z } from 'zod';

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

/**
 * The pro site's environment. No PUBLIC_API_TOKEN: the API asks for it only on the public site's page-view
 * count; every pro call carries the organiser's own token instead.
 */
const envSchema = z.object({
  /** This site's own address: its cookies' origin, and the origin cross-site posts are checked against. */
  PRO_URL: baseUrl('http://localhost:3001'),
  API_URL: baseUrl('http://localhost:4000'),
  /** The public site, for links to an organiser's published pages and their previews. */
  SITE_URL: baseUrl('http://localhost:3000'),
});

export type ServerEnv = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Configuration invalide, le site pro ne démarre pas :\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Parsed once, when the server starts. */
export const serverEnv: ServerEnv = parseEnv(process.env);
