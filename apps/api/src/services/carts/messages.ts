/** What the cart says when it changes a visitor's line, in French, for people. */
import type { ProductType } from '@guichet/domain';

export const CART_MESSAGES = {
  /** A product that does not exist (or not for visitors), or not of the line's type: no name to give. */
  unknown: "Ce billet n'est plus disponible.",
  unavailable: (productType: ProductType, name: string) =>
    productType === 'TICKET'
      ? `Ce billet n'est plus disponible : « ${name} ».`
      : `Ce bon plan n'est plus disponible : « ${name} ».`,
  /** Capped at what is left, fewer than one order may take. */
  fewLeft: (name: string, left: number) =>
    `Plus que ${left} ${left > 1 ? 'disponibles' : 'disponible'} pour « ${name} » : quantité ramenée à ${left}.`,
  /** Capped at what one order may take. */
  perOrder: (name: string, quota: number) =>
    `${quota} au plus par commande pour « ${name} » : quantité ramenée à ${quota}.`,
} as const;
