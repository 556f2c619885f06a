/**
 * Database failures that say nothing about the request, only about the moment: whoever sent it may simply
 * try again, so they are answered 503 (with Retry-After), never 500. A payment provider retries a webhook
 * on any 5xx, but a 503 also tells the people reading the logs that nothing is broken in our code.
 */

/** SQLSTATEs of a connection lost or refused: class 08, the server shutting down (57P0x), too many clients. */
const CONNECTION_SQLSTATES = /^(08\d{3}|57P0[1-3]|53300)$/;

/** Node's socket errors when the database server cannot be reached. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * node-postgres and PGlite tell a lost or closed connection by message only (no code): "Connection
 * terminated…", "Client has encountered a connection error…", "timeout exceeded when trying to connect",
 * "PGlite is closed".
 */
const CONNECTION_MESSAGES =
  /connection terminated|connection error|timeout exceeded when trying to connect|pglite is closed|cannot use a pool after calling end on the pool/i;

/** The error and every error it wraps (Drizzle's `cause`, Node's AggregateError of several addresses). */
function* chain(error: unknown, depth = 0): Generator<object> {
  if (!error || typeof error !== 'object' || depth > 10) return;
  yield error;
  yield* chain((error as { cause?: unknown }).cause, depth + 1);
  const { errors } = error as { errors?: unknown };
  if (Array.isArray(errors)) for (const inner of errors) yield* chain(inner, depth + 1);
}

/**
 * PostgreSQL gave up on the transaction rather than on the request: a deadlock (40P01) or a serialization
 * failure (40001). Neither is expected (checkouts lock products in one order, in READ COMMITTED), but if
 * one happens the caller may simply try again.
 */
export function isTransientConflict(error: unknown): boolean {
  for (const current of chain(error)) {
    const code = (current as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/** The database could not be reached, or dropped the connection mid-way. */
export function isConnectionFailure(error: unknown): boolean {
  for (const current of chain(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_SQLSTATES.test(code) || SOCKET_ERRORS.has(code))) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}

/** Either of the above: worth a retry by the caller. */
export function isTransientDatabaseError(error: unknown): boolean {
  return isTransientConflict(error) || isConnectionFailure(error);
}

/** A unique index refused the statement (23505): `index` names which. */
export function violates(error: unknown, index: string): boolean {
  for (const current of chain(error)) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === index) return true;
  }
  return false;
}

/**
 * The SQLSTATE and constraint a statement was refused with (a CHECK, a unique or a foreign key), from the first
 * error of the chain that carries one: for services that turn a constraint into a French 4xx, never a 500.
 */
export function databaseRefusal(error: unknown): { code: string; constraint?: string } | null {
  for (const current of chain(error)) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return null;
}
