import { z } from 'zod';

/**
 * Every reason the API gives for a failure, one closed list. Callers decide on `code`, never on the wording
 * of `message` (which is for people and may be reworded at any time). A new failure adds its code here,
 * with a line saying when it is answered, before any route throws it (docs/decisions/0016).
 */
export const ERROR_CODES = [
  /** The request's body, query, path or headers break the endpoint's schema: see `issues`. */
  'VALIDATION_FAILED',
  /** The request cannot be read at all (malformed JSON, wrong content type, bad URL). */
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'METHOD_NOT_ALLOWED',
  /** No route answers this method and path. */
  'ROUTE_NOT_FOUND',
  /** The resource named by the path does not exist (or is not the caller's to see). */
  'NOT_FOUND',
  /** No bearer token, or an invalid or expired one. */
  'AUTHENTICATION_REQUIRED',
  /** A valid token, but for another account. */
  'FORBIDDEN',
  /** Login refused: unknown address or wrong password (one code for both). */
  'INVALID_CREDENTIALS',
  /** Another account already has this e-mail address (409). */
  'EMAIL_TAKEN',
  /** The current password asked before a sensitive change is wrong (400). */
  'WRONG_CURRENT_PASSWORD',
  /** Changing the e-mail address asks for the current password. */
  'CURRENT_PASSWORD_NEEDED',
  /** The new password is the current one (400). */
  'SAME_PASSWORD',
  /** A password-reset link that is unknown, used or expired. */
  'RESET_LINK_INVALID',
  /** A refresh token that is unknown, expired or revoked. */
  'REFRESH_TOKEN_INVALID',
  /** A refresh token spent a moment ago by another request of the same browser: retry with its cookies. */
  'REFRESH_TOKEN_JUST_USED',
  /** The public token of a counting call is missing or wrong. */
  'PUBLIC_TOKEN_INVALID',
  /** Too many attempts (429): the Retry-After header says in how many seconds to try again. */
  'RATE_LIMITED',
  /** A survey already answered by this participant for this ticketing (409): one answer each. */
  'ALREADY_ANSWERED',
  /** Not enough left to sell for the quantity asked. */
  'SOLD_OUT',
  /** A line's price is no longer the one the buyer saw in the recap (409): `issues` names the line. */
  'PRICE_CHANGED',
  /** The order can no longer be paid: its places were released (409), or it is already paid or cancelled. */
  'ORDER_NOT_PAYABLE',
  /** The order cannot be cancelled (409): it is paid (a refund is another matter). */
  'ORDER_NOT_CANCELLABLE',
  /** The card was refused by the bank or the 3-D Secure step failed (402). */
  'PAYMENT_DECLINED',
  /** A provider notification or a signed link whose signature is missing, wrong or stale. */
  'INVALID_SIGNATURE',
  /** A second participation of the same account in the same contest game (409): one each. */
  'ALREADY_PARTICIPATED',
  /** A participation in a contest game that has not started yet (409). */
  'GAME_NOT_STARTED',
  /** A participation in a contest game that has ended (409). */
  'GAME_CLOSED',
  /** A pro-site login with an address not confirmed yet by the link e-mailed at sign-up (403). */
  'EMAIL_NOT_CONFIRMED',
  /** A save from the pro site naming a version older than the row's: someone saved in between (409). */
  'EDIT_CONFLICT',
  /** An e-mail confirmation or team invitation link that is unknown, already used or expired (400). */
  'LINK_INVALID',
  /** An invitation accepted by someone logged in with another address than the invited one (403). */
  'INVITATION_FOR_ANOTHER_ADDRESS',
  /** An invitation to someone who is already a member of the organiser (409). */
  'ALREADY_MEMBER',
  /** A change to the team that would leave the organiser without an owner (409). */
  'LAST_OWNER',
  /** A change of a ticketing's state its current state does not allow, or publishing one without a ticket (409). */
  'STATUS_CHANGE_REFUSED',
  /** Deleting a product that has sales or holds (409): its sale is closed instead. */
  'PRODUCT_SOLD',
  /** A refund the order's state refuses (409): tickets already refunded or not the order's, a voucher used, a period over. */
  'REFUND_REFUSED',
  /** Cancelling a ticketing already cancelled, or postponing one that is (409). */
  'CANCELLATION_UNDER_WAY',
  /** A redirect for a path that already has one (409): edit that one instead. */
  'REDIRECT_SOURCE_TAKEN',
  /** A redirect that would make a loop or a chain with the table (409): point straight at the final page. */
  'REDIRECT_CHAIN',
  /** A survey for a ticketing that already has its own (409): edit that one. */
  'SURVEY_TICKETING_TAKEN',
  /** A change to a survey's question that has answers (409): removed, its kind changed, or a choice taken away. */
  'SURVEY_QUESTION_ANSWERED',
  /** The API cannot reach what it depends on (the database). */
  'SERVICE_UNAVAILABLE',
  /** Anything unexpected: details stay in the API's logs. */
  'INTERNAL_ERROR',
] as const;

export const ErrorCode = z.enum(ERROR_CODES).describe('Raison de l’échec, stable : décidez sur ce code.');
export type ErrorCode = z.infer<typeof ErrorCode>;

/** One refused field: where it is within the refused part of the request, why, and the French message. */
export const ErrorIssue = z
  .object({
    path: z
      .array(z.union([z.string(), z.number()]))
      .describe('Chemin du champ dans la partie refusée (corps, paramètres…), par ex. ["user", "password"].'),
    code: z
      .string()
      .describe(
        'Règle enfreinte : nom de la règle de formulaire (required, email, maxLength, singleLineText…) ou code de Zod (too_small, invalid_format…).',
      ),
    message: z.string().describe('Message en français, à afficher sous le champ.'),
  })
  .meta({ id: 'ErrorIssue' });
export type ErrorIssue = z.infer<typeof ErrorIssue>;

/** The one shape of every failure the API answers, 4xx or 5xx. */
export const ErrorAnswer = z
  .object({
    statusCode: z.number().int().min(400).max(599),
    code: ErrorCode,
    message: z.string().describe('Phrase en français, pour les personnes.'),
    issues: z.array(ErrorIssue).optional().describe('Les champs refusés, quand code vaut VALIDATION_FAILED.'),
  })
  .meta({
    id: 'ErrorAnswer',
    description: 'Erreur : code HTTP, code stable de la liste ErrorCode, message en français et champs refusés.',
  });

export type ErrorAnswer = z.infer<typeof ErrorAnswer>;
