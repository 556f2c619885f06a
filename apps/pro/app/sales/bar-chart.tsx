import { Table, type TableColumn } from '@guichet/ui/table';
import { useId } from 'react';
import type { BarChartLayout } from './bar-chart-layout';

/**
 * A bar chart as accessible SVG drawn on the server: `role="img"` named by its <title> and described by its
 * <desc> (what it shows, in one sentence), then the same figures as a table in « Voir les données » — a
 * <details>, which opens without JavaScript — for screen readers, keyboards and anyone who wants the numbers.
 */
export function BarChart<Row>({
  title,
  description,
  layout,
  table,
}: {
  title: string;
  description: string;
  layout: BarChartLayout;
  table: { columns: TableColumn<Row>[]; rows: Row[]; rowKey: (row: Row) => string };
}) {
  const titleId = useId();
  const descId = useId();
  const { plot, orientation } = layout;
  return (
    <figure className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="text-lg font-semibold text-slate-900">{title}</figcaption>
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        className="block h-auto w-full"
        fontSize={13}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <g>
          {layout.valueTicks.map((tick) =>
            orientation === 'vertical' ? (
              <g key={tick.offset}>
                <line x1={plot.left} x2={plot.right} y1={tick.offset} y2={tick.offset} stroke="#cbd5e1" />
                <text x={plot.left - 6} y={tick.offset} dy="0.32em" textAnchor="end" fill="#334155">
                  {tick.label}
                </text>
              </g>
            ) : (
              <g key={tick.offset}>
                <line x1={tick.offset} x2={tick.offset} y1={plot.top} y2={plot.bottom} stroke="#cbd5e1" />
                <text x={tick.offset} y={plot.bottom + 18} textAnchor="middle" fill="#334155">
                  {tick.label}
                </text>
              </g>
            ),
          )}
          {layout.bars.map((bar) => (
            <rect key={bar.key} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={2} fill="#4338ca" />
          ))}
          {layout.categories.map((category) =>
            orientation === 'vertical' ? (
              <text key={category.key} x={category.offset} y={plot.bottom + 18} textAnchor="middle" fill="#334155">
                {category.label}
              </text>
            ) : (
              <text
                key={category.key}
                x={plot.left - 8}
                y={category.offset}
                dy="0.32em"
                textAnchor="end"
                fill="#334155"
              >
                {category.label}
              </text>
            ),
          )}
          {orientation === 'vertical' ? (
            <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke="#475569" />
          ) : (
            <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} stroke="#475569" />
          )}
        </g>
      </svg>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-800">Voir les données</summary>
        <div className="mt-2">
          <Table caption={title} columns={table.columns} rows={table.rows} rowKey={table.rowKey} />
        </div>
      </details>
    </figure>
  );
}
