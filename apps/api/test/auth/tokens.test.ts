/**
 * Access tokens are verified by our own HS256 check (node:crypto, no thread-pool hand-off), signed by jose:
 * whatever jose's `jwtVerify` refused must still be refused, what it accepted still accepted.
 */
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../src/services/auth/tokens.js';

const SECRET = 'un-secret-de-test-de-plus-de-trente-deux-caracteres';
const now = () => Math.floor(Date.now() / 1000);

function sign(
  header: Record<string, unknown>,
  claims: Record<string, unknown> = {},
  { secret = SECRET, iat = now(), exp = now() + 600 }: { secret?: string; iat?: number; exp?: number } = {},
) {
  return new SignJWT({ id: 7, firstname: 'Sacha', sv: 0, ...claims })
    .setProtectedHeader({ alg: 'HS256', ...header } as { alg: string })
    .setSubject(String(claims.id ?? 7))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}

/** A token signed by hand, for headers jose will not sign (an unknown critical parameter). */
function handSigned(header: Record<string, unknown>, claims: Record<string, unknown>) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part(header)}.${part(claims)}`;
  return `${signed}.${createHmac('sha256', SECRET).update(signed).digest('base64url')}`;
}

describe('verifyAccessToken', () => {
  it('accepts what signAccessToken signs, or a hand-signed HS256 token, and no session version as version 0', async () => {
    const token = await signAccessToken(SECRET, { id: 7, firstname: 'Sacha', sessionVersion: 3 });
    expect(await verifyAccessToken(SECRET, token)).toEqual({ id: 7, firstname: 'Sacha', sessionVersion: 3 });
    const older = await sign({}, { sv: undefined });
    expect(await verifyAccessToken(SECRET, older)).toEqual({ id: 7, firstname: 'Sacha', sessionVersion: 0 });
    const byHand = handSigned({ alg: 'HS256' }, { sub: '7', id: 7, firstname: 'Sacha', iat: now(), exp: now() + 600 });
    expect(await verifyAccessToken(SECRET, byHand)).toEqual({ id: 7, firstname: 'Sacha', sessionVersion: 0 });
  });

  it('refuses another secret, another algorithm, a critical header, a changed part or signature', async () => {
    const good = await sign({});
    const [header = '', payload = '', signature = ''] = good.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ sub: '8', id: 8, firstname: 'X', iat: now(), exp: now() + 600 }));
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const refused = [
      await sign({}, {}, { secret: 'un-autre-secret-de-plus-de-trente-deux-caracteres' }),
      await new SignJWT({ id: 7, firstname: 'Sacha', sv: 0 })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject('7')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(SECRET)),
      handSigned(
        { alg: 'HS256', crit: ['x'], x: 1 },
        { sub: '7', id: 7, firstname: 'Sacha', iat: now(), exp: now() + 600 },
      ),
      `${header}.${otherPayload.toString('base64url')}.${signature}`,
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
      `${header}.${payload}.${flipped}`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}`,
      `${good}.extra`,
      'pas.un.jeton',
    ];
    for (const token of refused) expect(await verifyAccessToken(SECRET, token), token).toBeNull();
  });

  it('refuses an expired token, one not valid yet, and claims of the wrong type', async () => {
    const refused = [
      await sign({}, {}, { exp: now() - 1 }),
      await sign({}, {}, { exp: now() }),
      await sign({}, { nbf: now() + 60 }),
      await sign({}, { id: '7' }),
      await sign({}, { sv: -1 }),
      await sign({}, { sv: 1.5 }),
    ];
    for (const token of refused) expect(await verifyAccessToken(SECRET, token), token).toBeNull();
    expect(await verifyAccessToken(SECRET, await sign({}, { nbf: now() - 60 }))).not.toBeNull();
  });
});
