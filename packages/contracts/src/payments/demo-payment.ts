/**
 * The demo payment provider (PAYMENT_PROVIDER=demo, the default): a hosted payment page the web shows at
 * `/payment?order=<session>`, as a bank's page would be. `session` is the order's id and a signature, so
 * only whoever received the payment link can pay it or see its amount. Test cards: 4242 4242 4242 4242
 * succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for a 3-D Secure confirmation.
 */
import { PAYMENT_FIELDS } from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { OrderStatus } from '../orders/list-orders.js';
import { fieldText, text } from '../text.js';

export const DEMO_TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0027 6000 3184',
} as const;

export const PAYMENT_MESSAGES = {
  declined: 'Paiement refusé par votre banque.',
  /** Any card but the test ones: nobody should type a real card number into a demonstration. */
  testCardsOnly: 'Mode démonstration : utilisez une des cartes de test indiquées.',
  challengeRefused: 'Authentification 3-D Secure refusée : le paiement n’a pas été effectué.',
  expired: 'Le délai de paiement est dépassé : vos places ont été remises en vente.',
  alreadyPaid: 'Cette commande est déjà payée.',
  notPayable: 'Cette commande ne peut plus être payée.',
  cancelled: 'Cette commande a été annulée : elle ne peut plus être payée.',
  unknownSession: 'Session de paiement introuvable.',
  unknownChallenge: 'Vérification 3-D Secure introuvable ou déjà utilisée.',
} as const;

export const PaymentSessionParams = z.object({
  session: text({ max: 200, asTyped: true }).describe('Session de paiement : l’identifiant de la commande signé.'),
});

export const PaymentSessionLine = z.object({
  title: z.string(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
});

export const PaymentSession = z
  .object({
    orderID: z.number().int(),
    reference: z.string(),
    merchant: z.string().describe('Le marchand, tel que le relevé bancaire le nomme.'),
    totalAmount: z.number().int().describe('Montant à payer, en centimes.'),
    currency: z.literal('EUR'),
    status: OrderStatus,
    expiresAt: z.iso.datetime().nullable().describe('Fin de la réservation des places.'),
    lines: z.array(PaymentSessionLine),
    returnPath: z.string().describe('Où revenir sur le site une fois payé : la confirmation de commande.'),
    cancelPath: z.string().describe('Où revenir sans payer : le panier.'),
  })
  .meta({ id: 'PaymentSession', description: 'Ce que la page de paiement montre avant la saisie de la carte.' });
export type PaymentSession = z.infer<typeof PaymentSession>;

export const CardInput = z.object({
  cardNumber: fieldText(PAYMENT_FIELDS.cardNumber),
  expiry: fieldText(PAYMENT_FIELDS.expiry).describe('MM/AA'),
  cvc: fieldText(PAYMENT_FIELDS.cvc),
});
export type CardInput = z.input<typeof CardInput>;

export const PaymentOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('SUCCEEDED'), returnPath: z.string() }),
  z.object({
    outcome: z.literal('REQUIRES_ACTION'),
    challenge: z.string().describe('La vérification 3-D Secure à confirmer (POST …/challenge).'),
  }),
]);
export type PaymentOutcome = z.infer<typeof PaymentOutcome>;

const NOT_PAYABLE = ErrorAnswer.describe(
  `ORDER_NOT_PAYABLE : ${PAYMENT_MESSAGES.expired} / ${PAYMENT_MESSAGES.alreadyPaid} / ${PAYMENT_MESSAGES.cancelled} / ${PAYMENT_MESSAGES.notPayable}`,
);

export const getPaymentSession = defineEndpoint({
  method: 'GET',
  path: '/payments/demo/:session',
  summary: 'La page de paiement de démonstration : commande, marchand et montant.',
  tags: ['payments'],
  params: PaymentSessionParams,
  responses: { 200: PaymentSession, 400: ErrorAnswer, 404: ErrorAnswer.describe(PAYMENT_MESSAGES.unknownSession) },
});

export const payWithCard = defineEndpoint({
  method: 'POST',
  path: '/payments/demo/:session/attempts',
  summary: 'Paie par carte (cartes de test) : réussi, refusé (402) ou vérification 3-D Secure à confirmer.',
  tags: ['payments'],
  params: PaymentSessionParams,
  body: CardInput,
  responses: {
    200: PaymentOutcome,
    400: ErrorAnswer,
    402: ErrorAnswer.describe(`PAYMENT_DECLINED : ${PAYMENT_MESSAGES.declined}`),
    404: ErrorAnswer.describe(PAYMENT_MESSAGES.unknownSession),
    409: NOT_PAYABLE,
  },
});

export const ChallengeInput = z.object({
  challenge: text({ max: 100, asTyped: true }),
  approve: z.boolean().describe('La confirmation dans l’application de la banque : true valide, false refuse.'),
});
export type ChallengeInput = z.infer<typeof ChallengeInput>;

export const confirmChallenge = defineEndpoint({
  method: 'POST',
  path: '/payments/demo/:session/challenge',
  summary: 'Confirme (ou refuse) la vérification 3-D Secure d’un paiement.',
  tags: ['payments'],
  params: PaymentSessionParams,
  body: ChallengeInput,
  responses: {
    200: PaymentOutcome,
    400: ErrorAnswer,
    402: ErrorAnswer.describe(`PAYMENT_DECLINED : ${PAYMENT_MESSAGES.challengeRefused}`),
    404: ErrorAnswer.describe(PAYMENT_MESSAGES.unknownChallenge),
    409: NOT_PAYABLE,
  },
});
