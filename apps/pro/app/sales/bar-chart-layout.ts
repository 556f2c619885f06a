/**
 * What a dashboard's bar chart draws, as plain numbers: computed on the server (bar-chart-layout.server.ts,
 * with d3-scale) and handed to the page, so the chart library never reaches the browser.
 */
export type ChartBar = { key: string; x: number; y: number; width: number; height: number };
export type ChartTick = { offset: number; label: string };
export type ChartCategory = { key: string; offset: number; label: string };

/** Its view box, the plot area, the bars, the value axis ticks and the category labels. */
export type BarChartLayout = {
  orientation: 'vertical' | 'horizontal';
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  bars: ChartBar[];
  valueTicks: ChartTick[];
  categories: ChartCategory[];
};

/** A dashboard's two charts. */
export type SalesCharts = { salesPerDay: BarChartLayout; viewsBySource: BarChartLayout };
