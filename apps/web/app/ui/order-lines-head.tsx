/**
 * The column heads of a table of order lines — the checkout's recap and an order's page: article, unit price
 * and quantity (left out on narrow screens, where each line says them), total.
 */
export function OrderLinesHead() {
  return (
    <thead className="bg-slate-50 text-slate-700">
      <tr>
        <th scope="col" className="px-4 py-3 font-semibold">
          Article
        </th>
        <th scope="col" className="hidden px-4 py-3 text-right font-semibold sm:table-cell">
          Prix unitaire
        </th>
        <th scope="col" className="hidden px-4 py-3 text-right font-semibold sm:table-cell">
          Quantité
        </th>
        <th scope="col" className="px-4 py-3 text-right font-semibold">
          Total
        </th>
      </tr>
    </thead>
  );
}
