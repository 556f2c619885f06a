import type { Cart } from '@guichet/contracts';
import { formatPrice } from '@guichet/domain';
import { CircleAlert } from '@guichet/ui/icons';
import { cartLineLabel, cartLineWhen } from '../cart/cart-display';
import { useNow } from '../lib/hooks/use-now';
import { OrderLinesHead } from '../ui/order-lines-head';

/**
 * Every line with its unit price, quantity and total, then the total to pay, shown before the order button
 * (Code civil, art. 1127-2: the buyer checks the order and its total price before confirming). A line the
 * API refused (sold out meanwhile, price changed) says why on its own row.
 */
export function CheckoutRecap({ cart, lineErrors }: { cart: Cart; lineErrors: Readonly<Record<number, string>> }) {
  const now = useNow();
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="px-4 pt-4 text-left text-lg font-bold text-slate-900">Récapitulatif de la commande</caption>
        <OrderLinesHead />
        <tbody>
          {cart.cartItems.map((line) => {
            const error = lineErrors[line.productID];
            const when = cartLineWhen(line.product, now);
            return (
              <tr
                key={line.productID}
                className={`border-t border-slate-200 align-top ${error ? 'bg-red-50' : ''}`}
                data-testid="recap-line"
              >
                <td className="px-4 py-3">
                  <span className="block font-semibold text-slate-900">{cartLineLabel(line.product)}</span>
                  {when ? <span className="mt-1 block text-slate-700">{when}</span> : null}
                  {/* Narrow screens: the unit price and quantity columns are left out, and said here. */}
                  <span className="mt-1 block text-slate-700 sm:hidden">
                    {line.quantity} × {formatPrice(line.product.discountedPrice)}
                  </span>
                  {error ? (
                    <span className="mt-2 flex items-start gap-2 font-medium text-red-800">
                      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      {error}
                    </span>
                  ) : null}
                </td>
                <td className="hidden px-4 py-3 text-right whitespace-nowrap sm:table-cell">
                  {formatPrice(line.product.discountedPrice)}
                </td>
                <td className="hidden px-4 py-3 text-right sm:table-cell">{line.quantity}</td>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap">{formatPrice(line.lineTotal)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300 bg-slate-50">
            <th scope="row" className="px-4 py-3 text-right text-base font-bold text-slate-900">
              Total TTC
            </th>
            <td colSpan={2} className="hidden sm:table-cell" />
            <td
              className="px-4 py-3 text-right text-lg font-bold whitespace-nowrap text-slate-900"
              data-testid="recap-total"
            >
              {formatPrice(cart.totalAmount)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
