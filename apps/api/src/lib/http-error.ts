import type { ErrorAnswer, ErrorCode, ErrorIssue } from '@guichet/contracts';

/** The parts of a request a schema validates, named as Fastify names them. */
export type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

/**
 * The sentence of a VALIDATION_FAILED answer, by refused part. It only says where to look: each field's
 * own French message travels in `issues`, which is what a form shows.
 */
export const VALIDATION_MESSAGES: Record<RequestPart, string> = {
  body: 'Certains champs sont invalides.',
  querystring: 'Certains paramètres de l’adresse sont invalides.',
  params: 'L’adresse demandée contient un élément invalide.',
  headers: 'Certains en-têtes de la requête sont invalides.',
};

type HttpErrorOptions = {
  /** Headers the answer must carry, e.g. Retry-After on a 429. */
  headers?: Readonly<Record<string, string>>;
  /** The refused fields, for a VALIDATION_FAILED. */
  issues?: readonly ErrorIssue[];
};

/**
 * An expected failure: its status, its stable code (what callers decide on) and a French message meant
 * for people. The error handler answers it as is.
 */
export class HttpError extends Error {
  readonly headers: Readonly<Record<string, string>>;
  readonly issues: readonly ErrorIssue[] | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.headers = options.headers ?? {};
    this.issues = options.issues;
  }
}

export const notFound = (message: string) => new HttpError(404, 'NOT_FOUND', message);

/**
 * A field refused by a check its schema cannot make (two parameters compared, an opaque cursor decoded):
 * answered exactly like a schema failure, so callers handle both the same way.
 */
export function invalidField(part: RequestPart, path: ErrorIssue['path'], message: string) {
  return new HttpError(400, 'VALIDATION_FAILED', VALIDATION_MESSAGES[part], {
    issues: [{ path, code: 'custom', message }],
  });
}

/** The one body of every failure (packages/contracts/src/errors.ts). */
export function errorAnswer(
  statusCode: number,
  code: ErrorCode,
  message: string,
  issues?: readonly ErrorIssue[],
): ErrorAnswer {
  return issues ? { statusCode, code, message, issues: [...issues] } : { statusCode, code, message };
}

/** What a path no route answers gets (404 ROUTE_NOT_FOUND), and the back office says to whoever is not its admin. */
export function routeNotFoundMessage(method: string, url: string): string {
  return `Aucune route ne répond à ${method} ${url.split('?')[0]}.`;
}
