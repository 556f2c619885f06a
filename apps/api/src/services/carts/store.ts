/**
 * The server cart (spec section 7): created from the cookie's lines, replaced at each change, merged into
 * the account's cart at login. Every answer is priced and capped by `priceLines`; a cart linked to an
 * account answers that account only.
 */
import { CART_ERROR_MESSAGES, type Cart } from '@guichet/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cartItems, carts, users } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { mergeLines, type PricedLines, priceLines, type RequestedLine } from './lines.js';
import { findCartProducts } from './products.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A cart id as PostgreSQL writes a uuid; anything else names no cart and never reaches the database. */
export const isCartId = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const cartNotFound = () => notFound(CART_ERROR_MESSAGES.notFound);

const answer = (cartID: string, priced: PricedLines): Cart => ({ cartID, ...priced, currency: 'EUR' });

const ids = (lines: readonly { productID: number }[]) => [...new Set(lines.map((line) => line.productID))];

/** The request's lines priced and capped, those that cannot be sold dropped. */
async function price(db: Database, lines: readonly RequestedLine[], now: Date): Promise<PricedLines> {
  return priceLines(lines, await findCartProducts(db, ids(lines), now));
}

/** The cart's lines become `priced`'s, in their order. */
async function replaceLines(tx: Transaction, cartID: string, priced: PricedLines) {
  await tx.delete(cartItems).where(eq(cartItems.cartId, cartID));
  if (priced.cartItems.length === 0) return;
  await tx.insert(cartItems).values(
    priced.cartItems.map((line, position) => ({
      cartId: cartID,
      productId: line.productID,
      quantity: line.quantity,
      position,
    })),
  );
}

/** POST /public/carts: a new cart, the caller's when logged in. */
export async function createCart(
  db: Database,
  lines: readonly RequestedLine[],
  userId: number | null,
  now: Date,
): Promise<Cart> {
  const priced = await price(db, lines, now);
  const cartID = await db.transaction(async (tx) => {
    const [cart] = await tx
      .insert(carts)
      .values({ userId, createdAt: now, updatedAt: now })
      .returning({ id: carts.id });
    if (!cart) throw new Error('cart insert returned no row');
    await replaceLines(tx, cart.id, priced);
    return cart.id;
  });
  return answer(cartID, priced);
}

/**
 * PUT /public/carts/:cartID: the cart's lines replaced. A cart linked to an account is « not found » for
 * anyone else, as an unknown id is, so ids cannot be probed; a logged-in caller takes an anonymous cart.
 * Concurrent replacements of one cart take turns on its row: the last one wins whole.
 */
export async function updateCart(
  db: Database,
  cartID: string,
  lines: readonly RequestedLine[],
  userId: number | null,
  now: Date,
): Promise<Cart> {
  if (!isCartId(cartID)) throw cartNotFound();
  const priced = await price(db, lines, now);
  await db.transaction(async (tx) => {
    const [cart] = await tx.select({ userId: carts.userId }).from(carts).where(eq(carts.id, cartID)).for('update');
    if (!cart || (cart.userId !== null && cart.userId !== userId)) throw cartNotFound();
    await tx
      .update(carts)
      .set({ userId: cart.userId ?? userId, updatedAt: now })
      .where(eq(carts.id, cartID));
    await replaceLines(tx, cartID, priced);
  });
  return answer(cartID, priced);
}

/**
 * POST /account/:id/cart: this device's lines join the account's cart (its most recently updated one, or a
 * new one), as `mergeLines` says, then are priced and capped.
 */
export async function mergeIntoAccount(
  db: Database,
  userId: number,
  lines: readonly RequestedLine[],
  now: Date,
): Promise<Cart> {
  return db.transaction(async (tx) => {
    // Merges of one account take turns, so two devices logging in at once do not each create its cart.
    // NO KEY UPDATE: carts inserted meanwhile for the user (a foreign key's KEY SHARE) are not held up.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [cart] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.userId, userId))
      .orderBy(desc(carts.updatedAt), desc(carts.createdAt))
      .limit(1)
      .for('update');
    const saved = cart
      ? await tx
          .select({ productID: cartItems.productId, quantity: cartItems.quantity })
          .from(cartItems)
          .where(eq(cartItems.cartId, cart.id))
          .orderBy(asc(cartItems.position), asc(cartItems.productId))
      : [];
    const merged = mergeLines(saved, lines);
    const priced = priceLines(merged.lines, await findCartProducts(tx, ids([...saved, ...lines]), now));
    priced.adjustments.push(...merged.left);
    let cartID = cart?.id;
    if (cartID) await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartID));
    else {
      const [created] = await tx
        .insert(carts)
        .values({ userId, createdAt: now, updatedAt: now })
        .returning({ id: carts.id });
      cartID = created?.id;
    }
    if (!cartID) throw new Error('cart insert returned no row');
    await replaceLines(tx, cartID, priced);
    return answer(cartID, priced);
  });
}
