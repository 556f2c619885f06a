/**
 * The checkout's first step (spec: checkout): `POST /orders` turns the caller's cart into a PENDING order
 * whose places are held for ORDER_HOLD_MINUTES. Every price is the API's, read again from the catalogue at
 * that moment; a line that can no longer be sold refuses the whole order (409 SOLD_OUT, the line named).
 */
import { CART_MAX_LINES, CART_MAX_QUANTITY, ORDER_HOLD_MINUTES } from '@guichet/domain';
import { z } from 'zod';
import { AUTH_FORM_MESSAGES, FacturationAddressInput, NameField } from '../auth/fields.js';
import { CART_ERROR_MESSAGES } from '../carts/carts.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { RowId } from '../ids.js';
import { text } from '../text.js';

export const CREATE_ORDER_MESSAGES = {
  emptyCart: 'Votre panier est vide.',
  soldOut: 'Certains produits du panier ne sont plus disponibles.',
  fewLeft: (name: string, left: number) => `Plus assez de places pour « ${name} » : il en reste ${left}.`,
  notOnSale: (name: string) => `« ${name} » n'est plus en vente.`,
  /** The product's per-order quota was lowered since the line was put in the cart. */
  perOrder: (name: string, quota: number) => `${quota} au plus par commande pour « ${name} ».`,
  busy: 'Trop de commandes en même temps : réessayez dans un instant.',
  /** The recap the buyer confirmed showed another price: they must see the new one before paying it. */
  priceChanged: (name: string, price: string) =>
    `Le prix de « ${name} » a changé : ${price} désormais. Vérifiez le récapitulatif avant de commander.`,
  pricesChanged: 'Un prix a changé depuis votre récapitulatif.',
  tooManyHolders: 'Un nom par billet, pas davantage.',
} as const;

/** The names printed on a line's tickets, in order; missing ones are the buyer's own name. */
export const OrderHolders = z.object({
  productID: RowId,
  names: z.array(NameField).max(CART_MAX_QUANTITY, CREATE_ORDER_MESSAGES.tooManyHolders),
});
export type OrderHolders = z.infer<typeof OrderHolders>;

/** A line as the buyer saw it in the recap they confirmed (Code civil 1127-2): its unit price, in cents. */
export const SeenLine = z.object({ productID: RowId, unitPrice: z.number().int().min(0).max(100_000_000) });
export type SeenLine = z.infer<typeof SeenLine>;

export const CreateOrderInput = z.object({
  cartID: text({ max: 64, asTyped: true }).describe('Le panier à commander (celui du compte, ou anonyme).'),
  billing: FacturationAddressInput.describe('Adresse de facturation ; enregistrée aussi sur le compte.'),
  holders: z
    .array(OrderHolders)
    .max(CART_MAX_LINES)
    .default([])
    .describe('Nom du titulaire de chaque billet, par ligne ; par défaut celui de l’acheteur.'),
  seen: z
    .array(SeenLine)
    .max(CART_MAX_LINES)
    .default([])
    .describe('Prix unitaires du récapitulatif confirmé : un prix différent répond 409 PRICE_CHANGED.'),
  acceptTerms: z
    .literal(true, { error: AUTH_FORM_MESSAGES.checked })
    .describe('Acceptation des conditions générales de vente.'),
});
export type CreateOrderInput = z.input<typeof CreateOrderInput>;

export const CreatedOrderItem = z.object({
  productID: z.number().int(),
  title: z.string().describe('« Billetterie — tarif » ou « bon plan — produit ».'),
  unitPrice: z.number().int().describe('Prix unitaire remisé au moment de la commande, en centimes.'),
  quantity: z.number().int().min(1),
  lineTotal: z.number().int().describe('Prix unitaire × quantité, en centimes.'),
});
export type CreatedOrderItem = z.infer<typeof CreatedOrderItem>;

export const CreatedOrder = z
  .object({
    orderID: z.number().int(),
    reference: z.string().describe('Référence lisible, par ex. GU-2026-001042.'),
    status: z.literal('PENDING'),
    totalAmount: z.number().int().describe('Somme des lignes, en centimes.'),
    currency: z.literal('EUR'),
    expiresAt: z.iso.datetime().describe(`Fin de la réservation des places (${ORDER_HOLD_MINUTES} minutes).`),
    paymentUrl: z.string().describe('Où payer : la page de paiement du prestataire, à ouvrir en pleine page.'),
    items: z.array(CreatedOrderItem),
  })
  .meta({ id: 'CreatedOrder', description: 'La commande créée, en attente de paiement, ses places réservées.' });
export type CreatedOrder = z.infer<typeof CreatedOrder>;

export const createOrder = defineEndpoint({
  method: 'POST',
  path: '/orders',
  summary: `Crée la commande du panier et réserve ses places ${ORDER_HOLD_MINUTES} minutes (Authorization: Bearer).`,
  tags: ['orders'],
  body: CreateOrderInput,
  responses: {
    201: CreatedOrder,
    400: ErrorAnswer.describe(`${CREATE_ORDER_MESSAGES.emptyCart} Ou un identifiant invalide.`),
    401: ErrorAnswer.describe('Jeton absent, invalide ou expiré.'),
    404: ErrorAnswer.describe(`${CART_ERROR_MESSAGES.notFound} Ou celui d’un autre compte.`),
    409: ErrorAnswer.describe(
      'SOLD_OUT : une ligne ne peut plus être vendue ; PRICE_CHANGED : un prix a changé depuis le récapitulatif. `issues` nomme la ligne (cartItems, rang).',
    ),
    503: ErrorAnswer.describe('SERVICE_UNAVAILABLE : trop de commandes simultanées, réessayer.'),
  },
});
