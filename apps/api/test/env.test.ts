import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, parseEnv } from '../src/env.js';

describe('parseEnv', () => {
  it('gives working defaults for a fresh machine', () => {
    const env = parseEnv({});
    expect(env.API_PORT).toBe(4000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DIR).toMatch(/\.data\/pglite$/);
    expect(env.SEED_DEMO).toBe(true);
  });

  it('stops a production start without its secrets, naming them', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(InvalidEnvironmentError);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET est obligatoire en production/);
    expect(() => parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /PUBLIC_API_TOKEN est obligatoire en production/,
    );
  });

  it('accepts a production start with its secrets', () => {
    const env = parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_API_TOKEN: 'y'.repeat(20) });
    expect(env.JWT_SECRET).toBe('x'.repeat(40));
  });

  it('refuses a database URL that is not PostgreSQL', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://localhost/test' })).toThrow(
      /DATABASE_URL doit commencer par postgres/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
