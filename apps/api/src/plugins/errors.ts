import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorAnswer, HttpError } from '../lib/http-error.js';

const PART_NAMES: Record<string, string> = {
  body: 'Corps de la requête',
  querystring: 'Paramètre',
  params: 'Paramètre de chemin',
  headers: 'En-tête',
};

/** Fastify's own client errors, told in French. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête est vide alors que du JSON est annoncé.',
  FST_ERR_CTP_INVALID_JSON_BODY: "Le corps de la requête n'est pas un JSON valide.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Ce type de contenu n'est pas accepté : envoyez du JSON.",
  FST_ERR_CTP_BODY_TOO_LARGE: 'La requête est trop volumineuse.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longueur annoncée de la requête est incorrecte.',
  FST_ERR_BAD_URL: "L'adresse demandée n'est pas valide.",
};

const GENERIC_MESSAGES: Record<number, string> = {
  400: 'La requête est invalide.',
  401: 'Authentification requise.',
  403: 'Accès interdit.',
  404: 'Ressource introuvable.',
  405: 'Méthode non autorisée.',
  409: 'Conflit avec une donnée existante.',
  413: 'La requête est trop volumineuse.',
  415: "Ce type de contenu n'est pas accepté.",
  429: 'Trop de requêtes : réessayez dans quelques instants.',
};

/** One error shape `{ statusCode, error, message }` for every failure; details of a 5xx stay in the logs. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = PART_NAMES[error.validationContext ?? ''] ?? 'Champ';
      const message = error.validation
        .map((issue) => {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          return field ? `${part} « ${field} » : ${issue.message}` : `${part} : ${issue.message}`;
        })
        .join(' ; ');
      return reply.status(400).send(errorAnswer(400, message));
    }
    if (error instanceof HttpError)
      return reply.status(error.statusCode).headers(error.headers).send(errorAnswer(error.statusCode, error.message));
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500 && !isResponseSerializationError(error)) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? GENERIC_MESSAGES[statusCode] ?? 'La requête est invalide.';
      return reply.status(statusCode).send(errorAnswer(statusCode, message));
    }
    request.log.error({ err: error }, 'request failed');
    const status = statusCode >= 500 && statusCode < 600 ? statusCode : 500;
    return reply.status(status).send(errorAnswer(status, 'Une erreur est survenue. Réessayez plus tard.'));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    reply.status(404).send(errorAnswer(404, `Aucune route ne répond à ${request.method} ${path}.`));
  });
}
