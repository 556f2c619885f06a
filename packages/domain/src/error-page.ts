const ERROR_MESSAGES: Readonly<Record<number, string>> = {
  401: 'Page non autorisée',
  403: 'Page interdite',
  404: 'Page non trouvée',
  // A post refused at the door, before any action (issue 22).
  413: 'Formulaire trop volumineux',
  415: 'Formulaire non reconnu',
  // Too many attempts: the page says how long to wait.
  429: 'Trop de tentatives',
  502: 'Service indisponible',
  // The API unreachable (issue 8): the same words as the spec's 502.
  503: 'Service indisponible',
};

export const DEFAULT_ERROR_MESSAGE = 'Une erreur est survenue';

/** The message the error page shows under the status code digits. */
export function errorMessageFor(statusCode: number): string {
  return ERROR_MESSAGES[statusCode] ?? DEFAULT_ERROR_MESSAGE;
}
