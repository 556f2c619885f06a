/** Password hashing: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). */
import { type Options as Argon2Options, hash, verify } from '@node-rs/argon2';

/** Argon2id (algorithm 2: the package's Algorithm is an ambient const enum, unusable under isolatedModules). */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} satisfies Argon2Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** Whether `password` matches `passwordHash`; a malformed hash counts as a mismatch. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when there is no account to check against, so that how long a
 * failed login takes does not tell whether the address has an account. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('guichet-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
