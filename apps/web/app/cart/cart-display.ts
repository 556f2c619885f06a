/**
 * How the cart shows its lines, in the modal and on /cart alike: what a line is called, when it is for
 * (the event's date or the deal's validity), where its page is, and the lines grouped by event or deal.
 */
import type { Cart, CartLine, CartProduct, Visual } from '@guichet/contracts';
import {
  formatValidUntil,
  type NotificationLink,
  type NotificationState,
  offerPath,
  ticketEventWhen,
  ticketingPath,
} from '@guichet/domain';

/** The cart page (the route named cart), and the action every cart change posts to. */
export const CART_PATH = '/cart';
export const CART_ACTION_PATH = '/cart/items';

/** The spec's words for a cart the API could not create or update (section 8), as written. */
export const CART_FAILURE_MESSAGE = 'Une erreur est survenu à la création de votre panier.';

export type CartNotice = { message: string; state: NotificationState; link?: NotificationLink };

/** The way on after an addition: the cart (the only way there in CSE mode, where the header has no cart button). */
export const CART_LINK: NotificationLink = { to: CART_PATH, label: 'Voir le panier' };
/** What a cart fetcher gets back: the cart as the API answered it (null when it could not), and what to tell. */
export type CartActionData = { cart: Cart | null; notice: CartNotice | null };

/** « Concert du Nouvel An — Tarif plein »: the event or deal, then the product. */
export function cartLineLabel(product: CartProduct): string {
  const owner = product.ticketing?.title ?? product.offer?.title;
  return owner ? `${owner} — ${product.title}` : product.title;
}

/**
 * « Dimanche 14 mars 2027 à 20 h 30 » for a ticket of a performance, « Valable du … au … » (« Valable
 * jusqu’au … » once open) for one of an exhibition or a festival, as seen at `now` (the request's, useNow);
 * « Valable jusqu’au 31 décembre 2026 » for a deal.
 */
export function cartLineWhen(product: CartProduct, now: number): string | null {
  if (product.ticketing) return ticketEventWhen(product.ticketing, now);
  if (product.offer) return `Valable jusqu’au ${formatValidUntil(product.offer.validUntil)}`;
  return null;
}

export type CartGroup = {
  key: string;
  title: string;
  /** The event's or deal's page. */
  path: string | null;
  when: string | null;
  place: string | null;
  thumbnail: Visual | null;
  lines: CartLine[];
};

/** The lines grouped by event or deal, in the order their first line was added. */
export function groupCartLines(cart: Pick<Cart, 'cartItems'>, now: number): CartGroup[] {
  const groups = new Map<string, CartGroup>();
  for (const line of cart.cartItems) {
    const { ticketing, offer } = line.product;
    const key = ticketing
      ? `billetterie-${ticketing.id}`
      : offer
        ? `bon-plan-${offer.offerID}`
        : `produit-${line.productID}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        title: ticketing?.title ?? offer?.title ?? line.product.title,
        path: ticketing ? ticketingPath(ticketing) : offer ? offerPath(offer) : null,
        when: cartLineWhen(line.product, now),
        place: ticketing ? `${ticketing.venue}, ${ticketing.city}` : offer ? `${offer.partner}, ${offer.city}` : null,
        thumbnail: ticketing?.thumbnail ?? offer?.thumbnail ?? null,
        lines: [],
      };
      groups.set(key, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()];
}
