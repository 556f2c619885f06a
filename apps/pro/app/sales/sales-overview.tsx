import type { OrganizerDashboard } from '@guichet/contracts';
import { formatCalendarDate, formatPrice, formatVatRate, type VatRate } from '@guichet/domain';
import { Table } from '@guichet/ui/table';
import { BarChart } from './bar-chart';
import type { SalesCharts } from './bar-chart-layout';

type Figures = Omit<OrganizerDashboard, 'ticketings'>;

const count = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

export const formatCount = (value: number) => count.format(value);

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{value}</dd>
      {hint ? <dd className="mt-1 text-sm text-slate-700">{hint}</dd> : null}
    </div>
  );
}

/**
 * What both dashboards show: the key figures (revenue TTC, HT and VAT, places sold, views and conversion over
 * the period), the VAT per rate, and the charts of sales per day and views per source with their tables.
 */
export function SalesOverview({ figures, charts }: { figures: Figures; charts: SalesCharts }) {
  const { totals, conversion, period } = figures;
  const periodLabel = `du ${formatCalendarDate(period.from)} au ${formatCalendarDate(period.to)}`;
  return (
    <div className="space-y-8">
      <section aria-labelledby="chiffres-cles">
        <h2 id="chiffres-cles" className="text-xl font-bold text-slate-900">
          Chiffres clés
        </h2>
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Figure
            label="Chiffre d’affaires TTC"
            value={formatPrice(totals.revenueInclVat)}
            hint={`${formatPrice(totals.revenueExclVat)} HT, dont TVA ${formatPrice(totals.vat)}`}
          />
          <Figure
            label="Billets vendus"
            value={formatCount(totals.sold)}
            hint={`${formatCount(totals.held)} retenus, ${formatCount(totals.remaining)} restants sur ${formatCount(totals.stock)}`}
          />
          <Figure label="Vues des pages" value={formatCount(conversion.views)} hint={periodLabel} />
          <Figure
            label="Conversion"
            value={percent.format(conversion.rate)}
            hint={`${formatCount(conversion.orders)} commandes pour ${formatCount(conversion.views)} vues`}
          />
        </dl>
      </section>

      <section aria-labelledby="tva-par-taux" className="space-y-3">
        <h2 id="tva-par-taux" className="text-xl font-bold text-slate-900">
          Chiffre d’affaires par taux de TVA
        </h2>
        <Table
          caption="Chiffre d’affaires par taux de TVA, depuis la première vente"
          rows={figures.vatRates}
          rowKey={(row) => String(row.vatRate)}
          empty="Aucune vente pour l’instant."
          columns={[
            { key: 'rate', header: 'Taux', cell: (row) => formatVatRate(row.vatRate as VatRate) },
            { key: 'ht', header: 'HT', align: 'right', cell: (row) => formatPrice(row.totalExclVat) },
            { key: 'tva', header: 'TVA', align: 'right', cell: (row) => formatPrice(row.vat) },
            { key: 'ttc', header: 'TTC', align: 'right', cell: (row) => formatPrice(row.totalInclVat) },
          ]}
        />
      </section>

      <section aria-labelledby="graphiques" className="space-y-4">
        <h2 id="graphiques" className="text-xl font-bold text-slate-900">
          Sur les {figures.salesPerDay.length} derniers jours
        </h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <BarChart
            title="Ventes par jour"
            description={`Chiffre d’affaires TTC de chaque jour ${periodLabel} : ${formatPrice(
              figures.salesPerDay.reduce((sum, day) => sum + day.revenueInclVat, 0),
            )} en ${formatCount(figures.salesPerDay.reduce((sum, day) => sum + day.orders, 0))} commandes.`}
            layout={charts.salesPerDay}
            table={{
              rows: figures.salesPerDay,
              rowKey: (row) => row.day,
              columns: [
                { key: 'day', header: 'Jour', cell: (row) => formatCalendarDate(row.day) },
                { key: 'orders', header: 'Commandes', align: 'right', cell: (row) => formatCount(row.orders) },
                { key: 'tickets', header: 'Billets', align: 'right', cell: (row) => formatCount(row.tickets) },
                { key: 'ttc', header: 'TTC', align: 'right', cell: (row) => formatPrice(row.revenueInclVat) },
              ],
            }}
          />
          <BarChart
            title="Vues par source"
            description={
              figures.viewsBySource.length > 0
                ? `Vues des pages ${periodLabel} par provenance : ${figures.viewsBySource
                    .map((row) => `${row.source} ${formatCount(row.views)}`)
                    .join(', ')}.`
                : `Aucune vue ${periodLabel}.`
            }
            layout={charts.viewsBySource}
            table={{
              rows: figures.viewsBySource,
              rowKey: (row) => row.source,
              columns: [
                { key: 'source', header: 'Source', cell: (row) => row.source },
                { key: 'views', header: 'Vues', align: 'right', cell: (row) => formatCount(row.views) },
              ],
            }}
          />
        </div>
      </section>
    </div>
  );
}
