import type { Cart, FacturationAddress } from '@guichet/contracts';
import { Button } from '@guichet/ui/button';
import { CheckboxField, TextField, ValidatedForm } from '@guichet/ui/form';
import { FormAlert } from '@guichet/ui/form-alert';
import { useSubmitting } from '@guichet/ui/hooks/use-submitting';
import { useMemo } from 'react';
import { cartLineLabel } from '../cart/cart-display';
import { BillingAddressFields } from './billing-address-fields';
import {
  CHECKOUT_INTENT,
  type CheckoutActionData,
  checkoutRules,
  holderField,
  holderFieldsOf,
  holdsNames,
  LINE_FIELD,
  ORDER_BUTTON_LABEL,
  seenPriceField,
  TERMS_FIELD,
} from './checkout';
import { CheckoutRecap } from './checkout-recap';

export type Buyer = { name: string; facturationAddress: FacturationAddress | null };

const fieldsetClass = 'grid gap-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6';
const legendClass = 'px-1 text-lg font-bold text-slate-900';

/**
 * The order step below the cart (issue 11): billing address, each ticket's holder, the recap with its total,
 * the withdrawal notices, the terms and the order button. A real form posting to the cart page's action:
 * without JavaScript the page comes back with the messages, everything typed kept.
 */
export function CheckoutForm({
  cart,
  buyer,
  result,
}: {
  cart: Cart;
  buyer: Buyer;
  result: CheckoutActionData | null | undefined;
}) {
  const submitting = useSubmitting(CHECKOUT_INTENT);
  const tickets = cart.cartItems.filter(holdsNames);
  const rules = useMemo(() => checkoutRules(holderFieldsOf(cart.cartItems)), [cart.cartItems]);
  const address = buyer.facturationAddress;
  const hasTickets = tickets.length > 0;
  const hasOffers = cart.cartItems.some((line) => line.product.productType === 'OFFER');

  return (
    <section aria-labelledby="commande" className="max-w-3xl space-y-6">
      <div className="space-y-2">
        <h2 id="commande" className="text-2xl font-bold text-slate-900">
          Commander
        </h2>
        <p className="text-slate-700">
          Les champs marqués d’un astérisque (<span aria-hidden="true">*</span>
          <span className="sr-only">astérisque</span>) sont obligatoires.
        </p>
      </div>
      {result?.alert ? (
        <FormAlert focus key={JSON.stringify(result)}>
          {result.alert}
        </FormAlert>
      ) : null}
      <ValidatedForm
        rules={rules}
        reply={result?.reply}
        action="/cart"
        aria-labelledby="commande"
        className="grid gap-6"
      >
        <input type="hidden" name="intent" value={CHECKOUT_INTENT} />
        {cart.cartItems.map((line) => (
          <span key={line.productID} hidden>
            <input type="hidden" name={LINE_FIELD} value={line.productID} />
            <input type="hidden" name={seenPriceField(line.productID)} value={line.product.discountedPrice} />
          </span>
        ))}

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Adresse de facturation</legend>
          <BillingAddressFields address={address} />
          <p className="text-sm text-slate-700">Elle est aussi enregistrée sur votre compte.</p>
        </fieldset>

        {hasTickets ? (
          <fieldset className={fieldsetClass}>
            <legend className={legendClass}>Titulaires des billets</legend>
            <p className="-mt-2 text-sm text-slate-700">
              Le nom imprimé sur chaque billet. Par défaut le vôtre : changez-le pour un billet offert.
            </p>
            {tickets.map((line) => (
              <fieldset key={line.productID} className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 font-semibold text-slate-900">{cartLineLabel(line.product)}</legend>
                {Array.from({ length: line.quantity }, (_, unit) => (
                  <TextField
                    // biome-ignore lint/suspicious/noArrayIndexKey: a unit is its rank in the line.
                    key={unit}
                    name={holderField(line.productID, unit)}
                    label={
                      <>
                        Titulaire du billet {line.quantity > 1 ? unit + 1 : ''}
                        <span className="sr-only"> : {cartLineLabel(line.product)}</span>
                      </>
                    }
                    autoComplete="off"
                    defaultValue={buyer.name}
                  />
                ))}
              </fieldset>
            ))}
          </fieldset>
        ) : null}

        <CheckoutRecap cart={cart} lineErrors={result?.lineErrors ?? {}} />

        <div className="space-y-2 rounded-xl border-l-4 border-brand-700 bg-brand-50 px-4 py-3 text-sm text-slate-800">
          <h3 className="font-semibold text-slate-900">Droit de rétractation</h3>
          {hasTickets ? (
            <p>
              Billets : conformément à l’article L221-28, 12° du Code de la consommation, l’achat d’un billet pour un
              événement à date déterminée ne donne pas droit à rétractation.
            </p>
          ) : null}
          {hasOffers ? (
            <p>
              Bons plans : vous disposez d’un délai de 14 jours à compter de la commande pour exercer votre droit de
              rétractation (article L221-18 du Code de la consommation), sans avoir à vous justifier.
            </p>
          ) : null}
        </div>

        <CheckboxField
          name={TERMS_FIELD}
          label={
            <>
              J’ai lu et j’accepte les{' '}
              <a
                href="/conditions-generales-de-vente"
                target="_blank"
                rel="noopener"
                className="font-medium text-brand-700 underline underline-offset-4"
              >
                conditions générales de vente
                <span className="sr-only"> (nouvel onglet)</span>
              </a>
            </>
          }
        />

        <div>
          <Button type="submit" variant="action" loading={submitting} className="w-full sm:w-auto">
            {ORDER_BUTTON_LABEL}
          </Button>
        </div>
      </ValidatedForm>
    </section>
  );
}
