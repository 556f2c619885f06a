/** The two charts of a dashboard (organiser's or ticketing's), laid out on the server from the API's figures. */
import type { OrganizerDashboard } from '@guichet/contracts';
import { formatPrice } from '@guichet/domain';
import type { SalesCharts } from './bar-chart-layout';
import { columnChartLayout, rowChartLayout } from './bar-chart-layout.server';

type Figures = Pick<OrganizerDashboard, 'salesPerDay' | 'viewsBySource'>;

const count = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** « 14/03 »: a day of the period on the chart's axis (the table gives the full date). */
const shortDay = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;

export function salesCharts({ salesPerDay, viewsBySource }: Figures): SalesCharts {
  return {
    salesPerDay: columnChartLayout(
      salesPerDay.map((day) => ({ key: day.day, label: shortDay(day.day), value: day.revenueInclVat })),
      { formatValue: formatPrice, labelEvery: 7 },
    ),
    viewsBySource: rowChartLayout(
      viewsBySource.map((row) => ({ key: row.source, label: row.source, value: row.views })),
      { formatValue: (value) => count.format(value) },
    ),
  };
}
