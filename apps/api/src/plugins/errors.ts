import type { ErrorCode } from '@guichet/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorAnswer, HttpError, routeNotFoundMessage, VALIDATION_MESSAGES } from '../lib/http-error.js';
import { isTransientDatabaseError } from '../lib/transient.js';
import { RequestValidationError, validatorCompiler } from '../lib/validation.js';

type Failure = { code: ErrorCode; message: string };

/** Fastify's own client errors (a request it cannot even read), told in French. */
const FRAMEWORK_FAILURES: Record<string, Failure> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'Le corps de la requête est vide alors que du JSON est annoncé.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: "Le corps de la requête n'est pas un JSON valide." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: "Ce type de contenu n'est pas accepté : envoyez du JSON.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'La requête est trop volumineuse.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'La longueur annoncée de la requête est incorrecte.',
  },
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: "L'adresse demandée n'est pas valide." },
};

/** Other 4xx raised by Fastify or a plugin, by status; anything not listed is a BAD_REQUEST. */
const FAILURES_BY_STATUS: Record<number, Failure> = {
  401: { code: 'AUTHENTICATION_REQUIRED', message: 'Authentification requise.' },
  403: { code: 'FORBIDDEN', message: 'Accès interdit.' },
  404: { code: 'NOT_FOUND', message: 'Ressource introuvable.' },
  405: { code: 'METHOD_NOT_ALLOWED', message: 'Méthode non autorisée.' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'La requête est trop volumineuse.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: "Ce type de contenu n'est pas accepté." },
  429: { code: 'RATE_LIMITED', message: 'Trop de requêtes : réessayez dans quelques instants.' },
};

const BAD_REQUEST: Failure = { code: 'BAD_REQUEST', message: 'La requête est invalide.' };

/**
 * One error shape `{ statusCode, code, message, issues? }` for every failure (packages/contracts/src/errors.ts);
 * details of a 5xx stay in the logs. It sets the validator compiler too, because it reads that compiler's errors.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      const message = VALIDATION_MESSAGES[error.validationContext ?? 'body'];
      return reply.status(400).send(errorAnswer(400, 'VALIDATION_FAILED', message, error.toIssues()));
    }
    if (error instanceof HttpError)
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(errorAnswer(error.statusCode, error.code, error.message, error.issues));
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500 && !isResponseSerializationError(error)) {
      const { code, message } = FRAMEWORK_FAILURES[error.code] ?? FAILURES_BY_STATUS[statusCode] ?? BAD_REQUEST;
      return reply.status(statusCode).send(errorAnswer(statusCode, code, message));
    }
    // The database out of reach (or a deadlock): nothing is wrong with the request, it may come again.
    if (isTransientDatabaseError(error)) {
      request.log.warn({ err: error }, 'base de données injoignable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(
          errorAnswer(
            503,
            'SERVICE_UNAVAILABLE',
            'Le service est momentanément indisponible. Réessayez dans quelques instants.',
          ),
        );
    }
    request.log.error({ err: error }, 'request failed');
    const status = statusCode >= 500 && statusCode < 600 ? statusCode : 500;
    return reply
      .status(status)
      .send(errorAnswer(status, 'INTERNAL_ERROR', 'Une erreur est survenue. Réessayez plus tard.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorAnswer(404, 'ROUTE_NOT_FOUND', routeNotFoundMessage(request.method, request.url)));
  });
}
