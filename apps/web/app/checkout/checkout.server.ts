/**
 * The checkout action (issue 11), posted by the form below the cart: the billing address, the holders'
 * names and the recap's prices go to POST /orders with the cart's cartID. Created, the buyer goes on to the
 * payment page, top-level; refused, the cart page comes back with the messages on the fields or on the
 * lines, and everything typed kept.
 */
import { createOrder, type ErrorAnswer, type OrderHolders, type SeenLine } from '@guichet/contracts';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from '@guichet/domain';
import { formFailure } from '@guichet/ui/form-failure';
import { parseForm, type SubmittedValues, valuesFromFormData } from '@guichet/ui/form-validation';
import { readFormData } from '@guichet/ui/read-form.server';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { readCart } from '../cart/cart-cookie.server';
import { apiFor } from '../lib/server/api.server';
import { serverEnv } from '../lib/server/env.server';
import { requireUser } from '../lib/server/guards.server';
import {
  CHECKOUT_INTENT,
  type CheckoutActionData,
  checkoutRules,
  holderField,
  LINE_FIELD,
  parseHolderField,
  seenPriceField,
} from './checkout';

const EMPTY_CART = 'Votre panier est vide.';
const MAX_HOLDER_FIELDS = CART_MAX_LINES * CART_MAX_QUANTITY;

const asInt = (value: FormDataEntryValue | null) =>
  typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : null;

/**
 * Where to send the buyer to pay: the demo's page on this site by its path (so the redirect stays on the
 * address the visitor uses), a provider's page (Stripe) as it is. Payment is always top-level.
 */
export function paymentLocation(paymentUrl: string): string {
  const url = new URL(paymentUrl, serverEnv.SITE_URL);
  return url.origin === new URL(serverEnv.SITE_URL).origin ? `${url.pathname}${url.search}` : url.toString();
}

function answer(body: CheckoutActionData, status: number) {
  return data(body, { status });
}

export async function checkoutAction(request: Request, context: Readonly<RouterContextProvider>) {
  await requireUser(request, context);
  const formData = await readFormData(request);
  if (formData.get('intent') !== CHECKOUT_INTENT) throw data('Formulaire inconnu.', { status: 400 });

  // The lines and holders the recap showed: bounded, whatever the request holds.
  const lines = formData
    .getAll(LINE_FIELD)
    .slice(0, CART_MAX_LINES)
    .map(asInt)
    .filter((id): id is number => id !== null);
  const holderFields = [...new Set(formData.keys())]
    .filter((name) => parseHolderField(name) !== null)
    .slice(0, MAX_HOLDER_FIELDS);
  const values: SubmittedValues = valuesFromFormData(formData);
  const form = parseForm(formData, checkoutRules(holderFields));
  if (!form.ok) return answer({ reply: form.reply, alert: null, lineErrors: {} }, 400);

  const { cartID } = await readCart(request);
  if (!cartID || lines.length === 0) {
    return answer({ reply: { errors: {}, values }, alert: EMPTY_CART, lineErrors: {} }, 409);
  }

  const names = new Map<number, string[]>();
  for (const field of holderFields) {
    const holder = parseHolderField(field);
    if (!holder) continue;
    const list = names.get(holder.productID) ?? [];
    list[holder.unit] = form.values[field] ?? '';
    names.set(holder.productID, list);
  }
  // Units in order; a gap (a hand-made form) leaves that unit to the buyer's own name.
  const holders: OrderHolders[] = [...names].map(([productID, list]) => ({
    productID,
    names: Array.from(list, (name) => name ?? '').filter((name) => name.trim() !== ''),
  }));
  const seen: SeenLine[] = lines.flatMap((productID) => {
    const price = asInt(formData.get(seenPriceField(productID)));
    return price === null ? [] : [{ productID, unitPrice: price }];
  });

  const field = (name: string) => form.values[name] ?? '';
  const api = apiFor(request, context);
  const created = await api.send(createOrder, {
    body: {
      cartID,
      billing: {
        street: field('street'),
        postalCode: field('postalCode').replace(/\s/g, ''),
        city: field('city'),
        country: field('country'),
      },
      holders,
      seen,
      // The rules refused the form unless the box was ticked.
      acceptTerms: true,
    },
  });
  if (created.status === 201) throw redirect(paymentLocation(created.body.paymentUrl), 303);
  return answer(checkoutRefusal(created.body, lines, holders, holderFields, values), created.status);
}

/** A refusal on the lines it names (`cartItems.<rank>`), on the holder fields, or above the form. */
export function checkoutRefusal(
  failure: ErrorAnswer,
  lines: readonly number[],
  holders: readonly OrderHolders[],
  holderFields: readonly string[],
  values: SubmittedValues,
): CheckoutActionData {
  const lineErrors: Record<number, string> = {};
  const errors: Record<string, string> = {};
  const others: ErrorAnswer['issues'] = [];
  for (const issue of failure.issues ?? []) {
    const [first, index, part, unit] = issue.path;
    const lineID = first === 'cartItems' && typeof index === 'number' ? lines[index] : undefined;
    const holder = first === 'holders' && typeof index === 'number' ? holders[index] : undefined;
    if (lineID !== undefined) lineErrors[lineID] ??= issue.message;
    else if (holder && part === 'names' && typeof unit === 'number') {
      errors[holderField(holder.productID, unit)] ??= issue.message;
    } else others.push(issue);
  }
  const onLines = Object.keys(lineErrors).length > 0;
  const onHolders = Object.keys(errors).length > 0;
  const rest =
    others.length > 0 || !(onLines || onHolders)
      ? formFailure({ ...failure, issues: others }, Object.keys(checkoutRules(holderFields)))
      : { errors: {}, alert: null };
  return {
    reply: { errors: { ...errors, ...rest.errors }, values },
    // Refused lines are said on their line, and once above the form (where the focus goes).
    alert: onLines ? [failure.message, rest.alert].filter(Boolean).join(' ') : rest.alert,
    lineErrors,
  };
}
