import { STATUS_CODES } from 'node:http';

/** An expected failure with a French message meant for the visitor; the error handler answers it as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer must carry, e.g. Retry-After on a 429. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);

export function errorAnswer(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}
