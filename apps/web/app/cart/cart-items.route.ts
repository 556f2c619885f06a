/**
 * POST /cart/items: every change to the cart goes through here (spec section 4) — add from a ticketing, a deal
 * or an embedded page, increase, decrease, remove or set a quantity from the modal or /cart, sync before the
 * modal opens, and « Acheter », which starts the buying process. A change is applied to the cookie's lines
 * with the domain's rules, then the server cart is created or updated; the API's answer (prices, caps,
 * lines dropped) becomes the cookie. If the API cannot take the change, nothing changes and the spec's
 * error is shown.
 *
 * A plain form (no JavaScript, or an embed opening the site in a new tab) is redirected back to the page it
 * came from (`redirectTo`) with a notice; a fetcher (`respond=data`) gets the cart and the notice as data.
 */
import { type Cart, CartQuantity, queryId } from '@guichet/contracts';
import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  type CartChange,
  cartIsFull,
  changeCart,
  PRODUCT_TYPES,
  safeInternalPath,
} from '@guichet/domain';
import { readFormData } from '@guichet/ui/read-form.server';
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { noticeHeaders } from '../lib/server/notice.server';
import { getSession, redirectAfterLoginCookie } from '../lib/server/session.server';
import { LOGIN_PATH } from '../lib/session-user';
import type { Route } from './+types/cart-items.route';
import { syncCart } from './cart.server';
import { readCart, writeCart } from './cart-cookie.server';
import {
  CART_FAILURE_MESSAGE,
  CART_LINK,
  CART_PATH,
  type CartActionData,
  type CartNotice,
  cartLineLabel,
} from './cart-display';

const ProductID = queryId('Le produit');

const CartForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add'),
    productID: ProductID,
    productType: z.enum(PRODUCT_TYPES),
    quantity: z.coerce.number().pipe(CartQuantity).optional(),
  }),
  z.object({ intent: z.enum(['increase', 'decrease', 'remove']), productID: ProductID }),
  // 0 removes the line, like « Supprimer ».
  z.object({
    intent: z.literal('setQuantity'),
    productID: ProductID,
    quantity: z.coerce.number().int().min(0).max(CART_MAX_QUANTITY),
  }),
  z.object({ intent: z.literal('sync') }),
  z.object({ intent: z.literal('buy') }),
]);
type CartForm = z.infer<typeof CartForm>;

const REFUSED: CartNotice = { message: 'Cette demande ne peut pas être traitée.', state: 'error' };
const FULL: CartNotice = {
  message: `Votre panier contient déjà ${CART_MAX_LINES} produits : commandez-les ou retirez-en un pour en ajouter.`,
  state: 'error',
};

export function loader() {
  throw data('Méthode non autorisée : le panier se modifie par un formulaire (POST).', {
    status: 405,
    headers: { Allow: 'POST' },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormData(request);
  const field = (name: string) => {
    const value = fields.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const back = safeInternalPath(field('redirectTo')) ?? CART_PATH;
  const answer = field('respond') === 'data' ? asData : asRedirect(back);

  const parsed = CartForm.safeParse(Object.fromEntries([...fields].filter(([, value]) => typeof value === 'string')));
  if (!parsed.success) return answer({ cart: null, notice: REFUSED }, null, 400);
  const form = parsed.data;
  if (form.intent === 'buy') return startBuying(context);

  const before = await readCart(request);
  if (form.intent === 'add' && cartIsFull(before.cartItems, form.productID)) {
    return answer({ cart: null, notice: FULL }, null, 409);
  }
  const lines = form.intent === 'sync' ? before.cartItems : changeCart(before.cartItems, changeOf(form));
  const synced = await syncCart(request, context, { ...before, cartItems: lines });
  if (!synced.ok) {
    // Refused for too many attempts: the API's message and its delay (429), not an outage.
    const message = synced.refusal?.message ?? CART_FAILURE_MESSAGE;
    return answer({ cart: null, notice: { message, state: 'error' } }, null, synced.refusal ? 429 : 503);
  }
  return answer({ cart: synced.cart, notice: noticeOf(form, synced.cart) }, await writeCart(synced.cookie));
}

function changeOf(form: Exclude<CartForm, { intent: 'sync' | 'buy' }>): CartChange {
  switch (form.intent) {
    case 'add':
      return { type: 'add', productID: form.productID, productType: form.productType, quantity: form.quantity };
    case 'setQuantity':
      return { type: 'setQuantity', productID: form.productID, quantity: form.quantity };
    default:
      return { type: form.intent, productID: form.productID };
  }
}

/** What the visitor is told: the added product, or what the API changed to the line they touched. */
function noticeOf(form: CartForm, cart: Cart): CartNotice | null {
  if (!('productID' in form)) return null;
  const adjustment = cart.adjustments.find((change) => change.productID === form.productID);
  if (adjustment?.code === 'UNAVAILABLE') return { message: adjustment.message, state: 'error' };
  if (form.intent !== 'add') return adjustment ? { message: adjustment.message, state: 'error' } : null;
  const line = cart.cartItems.find((item) => item.productID === form.productID);
  if (!line) return null;
  const added = `Ajouté au panier : ${cartLineLabel(line.product)}.`;
  return { message: adjustment ? `${added} ${adjustment.message}` : added, state: 'success', link: CART_LINK };
}

function asData(result: CartActionData, setCookie: string | null, status = 200) {
  return data(result, { status, headers: setCookie ? { 'Set-Cookie': setCookie } : {} });
}

/** Without JavaScript: back to the page the form was on, the notice shown on arrival. */
function asRedirect(back: string) {
  return async (result: CartActionData, setCookie: string | null) => {
    const { notice } = result;
    const headers = notice ? await noticeHeaders(notice.message, notice.state, notice.link) : new Headers();
    if (setCookie) headers.append('Set-Cookie', setCookie);
    return redirect(back, { headers });
  };
}

/** Starting the buying process (spec section 4): /cart becomes redirectAfterLogin, then /cart or the login page. */
async function startBuying(context: Route.ActionArgs['context']) {
  const headers = new Headers({ 'Set-Cookie': await redirectAfterLoginCookie.serialize(CART_PATH) });
  return redirect(getSession(context).user ? CART_PATH : LOGIN_PATH, { headers });
}
