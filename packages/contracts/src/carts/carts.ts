/**
 * The server cart (spec section 7): `POST /public/carts` creates it from the cookie's lines and answers its
 * cartID, `PUT /public/carts/{cartID}` replaces its lines. Either way the API prices every line itself: a
 * request names products and quantities, nothing else it says is read (a price sent along is ignored), and
 * each quantity is capped at what the product may still sell, the answer's `adjustments` saying so.
 */
import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  DISCOUNT_TYPES,
  FORM_MESSAGES,
  formatMessage,
  PRODUCT_TYPES,
} from '@guichet/domain';
import { z } from 'zod';
import { AccountParams } from '../auth/account.js';
import { Visual } from '../catalogue/shared.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { RowId } from '../ids.js';
import { OrderItemTicketing } from '../orders/get-order.js';
import { text } from '../text.js';

export const CART_ERROR_MESSAGES = {
  tooManyLines: `Un panier contient au plus ${CART_MAX_LINES} produits.`,
  duplicateProduct: 'Ce produit figure déjà dans le panier.',
  productMismatch: 'Le produit de la ligne ne correspond pas à son identifiant.',
  notFound: 'Panier introuvable.',
} as const;

const ProductID = RowId.describe('Identifiant du produit.');

export const CartQuantity = z
  .number({ error: FORM_MESSAGES.integer })
  .int(FORM_MESSAGES.integer)
  .min(1, formatMessage(FORM_MESSAGES.minValue, 1))
  .max(CART_MAX_QUANTITY, formatMessage(FORM_MESSAGES.maxValue, CART_MAX_QUANTITY))
  .describe(`Quantité, de 1 à ${CART_MAX_QUANTITY} ; l’API la ramène à ce qui reste.`);

/** What a request says of a product: which one and of which type, nothing more (prices are the API's). */
export const CartProductRef = z.object({ productID: ProductID, productType: z.enum(PRODUCT_TYPES) });
export type CartProductRef = z.infer<typeof CartProductRef>;

/** A line as sent: `productID` beside the product is optional (PUT leaves it out) and must agree with it. */
export const CartItemInput = z
  .object({ productID: ProductID.optional(), quantity: CartQuantity, product: CartProductRef })
  .refine((item) => item.productID === undefined || item.productID === item.product.productID, {
    message: CART_ERROR_MESSAGES.productMismatch,
    path: ['productID'],
  });
export type CartItemInput = z.infer<typeof CartItemInput>;

export const CartItemsInput = z
  .array(CartItemInput)
  .max(CART_MAX_LINES, CART_ERROR_MESSAGES.tooManyLines)
  .superRefine((items, context) => {
    const seen = new Set<number>();
    items.forEach((item, index) => {
      if (seen.has(item.product.productID))
        context.addIssue({ code: 'custom', message: CART_ERROR_MESSAGES.duplicateProduct, path: [index, 'product'] });
      seen.add(item.product.productID);
    });
  });

export const CartInput = z.object({ cartItems: CartItemsInput });
export type CartInput = z.infer<typeof CartInput>;

/** The ticketing of a ticket: as an order line names it, with its thumbnail. */
export const CartTicketing = OrderItemTicketing.extend({ thumbnail: Visual.nullable() }).describe(
  'La billetterie d’un billet.',
);

export const CartOffer = z
  .object({
    offerID: z.number().int(),
    slug: z.string(),
    title: z.string(),
    partner: z.string(),
    city: z.string(),
    validUntil: z.iso.datetime(),
    thumbnail: Visual.nullable().describe('Le premier visuel du bon plan.'),
  })
  .describe('Le bon plan d’un produit OFFER.');

export const CartProduct = z.object({
  productID: z.number().int(),
  productType: z.enum(PRODUCT_TYPES),
  title: z.string(),
  price: z.number().int().describe('Prix en centimes, avant remise.'),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  discount: z.number().int().describe('Centimes (FIXED) ou pourcentage (PERCENTAGE).'),
  discountedPrice: z.number().int().describe('Prix unitaire remisé en centimes, jamais négatif.'),
  quota: z
    .number()
    .int()
    .min(0)
    .describe('Quantité maximale sélectionnable maintenant : jamais plus que ce qui reste ; 0 hors de la vente.'),
  remaining: z.number().int().min(0).describe('Ce qui reste à vendre.'),
  ticketing: CartTicketing.nullable().describe('Pour un billet (TICKET) ; null pour un bon plan.'),
  offer: CartOffer.nullable().describe('Pour un bon plan (OFFER) ; null pour un billet.'),
});
export type CartProduct = z.infer<typeof CartProduct>;

export const CartLine = z.object({
  productID: z.number().int(),
  quantity: z.number().int().min(1),
  product: CartProduct,
  lineTotal: z.number().int().describe('Prix unitaire remisé × quantité, en centimes.'),
});
export type CartLine = z.infer<typeof CartLine>;

/**
 * What the API did to a line it was asked for: dropped it (UNAVAILABLE) or lowered its quantity
 * (QUANTITY_CAPPED). A line that cannot be sold is never a refused request: the cart kept is answered.
 */
export const CART_ADJUSTMENT_CODES = ['QUANTITY_CAPPED', 'UNAVAILABLE'] as const;
export type CartAdjustmentCode = (typeof CART_ADJUSTMENT_CODES)[number];

/**
 * Why, from a closed set. A line is dropped when its product is unknown to visitors (UNKNOWN_PRODUCT: none,
 * or a draft's), is not of the type the line says (WRONG_TYPE: a cookie edited by hand), is not on sale now
 * (NOT_ON_SALE), has nothing left (SOLD_OUT), or when the account's cart is already full at a login's merge
 * (CART_FULL). A quantity is lowered to what is left (FEW_LEFT) or to what one order may take (PER_ORDER).
 */
export const CART_ADJUSTMENT_REASONS = {
  UNAVAILABLE: ['UNKNOWN_PRODUCT', 'WRONG_TYPE', 'NOT_ON_SALE', 'SOLD_OUT', 'CART_FULL'],
  QUANTITY_CAPPED: ['FEW_LEFT', 'PER_ORDER'],
} as const satisfies Record<CartAdjustmentCode, readonly string[]>;
export type CartAdjustmentReason = (typeof CART_ADJUSTMENT_REASONS)[CartAdjustmentCode][number];

const adjustment = <C extends CartAdjustmentCode>(code: C, description: string) =>
  z.object({
    productID: z.number().int(),
    code: z.literal(code).describe(description),
    reason: z.enum(CART_ADJUSTMENT_REASONS[code]),
    message: z.string().describe('Phrase en français, pour le visiteur.'),
  });

export const CartAdjustment = z.discriminatedUnion('code', [
  adjustment('UNAVAILABLE', 'Ligne retirée du panier.'),
  adjustment('QUANTITY_CAPPED', 'Quantité réduite.'),
]);
export type CartAdjustment = z.infer<typeof CartAdjustment>;

export const Cart = z
  .object({
    cartID: z.string().describe('Identifiant aléatoire, impossible à deviner.'),
    cartItems: z.array(CartLine),
    totalAmount: z.number().int().describe('Somme des lignes, en centimes.'),
    currency: z.literal('EUR'),
    adjustments: z.array(CartAdjustment).describe('Ce que l’API a changé aux lignes demandées, et pourquoi.'),
  })
  .meta({ id: 'Cart', description: 'Le panier, chaque prix recalculé par l’API.' });
export type Cart = z.infer<typeof Cart>;

/** A cart id in a path: bounded text; one that is not a cart's (malformed included) is simply not found. */
export const CartParams = z.object({
  cartID: text({ max: 64, asTyped: true }).describe('Identifiant du panier.'),
});

const BEARER_OPTIONAL = 'Avec un jeton, le panier est lié au compte et ne répond plus qu’à lui.';

export const createCart = defineEndpoint({
  method: 'POST',
  path: '/public/carts',
  summary: `Crée le panier à partir de ses lignes. ${BEARER_OPTIONAL}`,
  tags: ['carts'],
  body: CartInput,
  responses: { 201: Cart, 400: ErrorAnswer, 401: ErrorAnswer.describe('Jeton présent mais invalide.') },
});

export const updateCart = defineEndpoint({
  method: 'PUT',
  path: '/public/carts/:cartID',
  summary: `Remplace les lignes du panier. ${BEARER_OPTIONAL}`,
  tags: ['carts'],
  params: CartParams,
  body: CartInput,
  responses: {
    200: Cart,
    400: ErrorAnswer,
    401: ErrorAnswer.describe('Jeton présent mais invalide.'),
    404: ErrorAnswer.describe(`${CART_ERROR_MESSAGES.notFound} Ou celui d’un autre compte.`),
  },
});

export const mergeAccountCart = defineEndpoint({
  method: 'POST',
  path: '/account/:id/cart',
  summary:
    'À la connexion : les lignes de cet appareil rejoignent le panier du compte (la plus grande quantité l’emporte).',
  tags: ['carts'],
  params: AccountParams,
  body: CartInput,
  responses: {
    200: Cart,
    400: ErrorAnswer,
    401: ErrorAnswer.describe('Jeton absent, invalide ou expiré.'),
    403: ErrorAnswer,
  },
});
