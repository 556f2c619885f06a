const ERROR_MESSAGES: Readonly<Record<number, string>> = {
  401: 'Page non autorisée',
  403: 'Page interdite',
  404: 'Page non trouvée',
  502: 'Service indisponible',
  // The API unreachable (issue 8): the same words as the spec's 502.
  503: 'Service indisponible',
};

export const DEFAULT_ERROR_MESSAGE = 'Une erreur est survenue';

/** The message the error page shows under the status code digits. */
export function errorMessageFor(statusCode: number): string {
  return ERROR_MESSAGES[statusCode] ?? DEFAULT_ERROR_MESSAGE;
}
