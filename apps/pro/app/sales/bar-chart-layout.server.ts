/**
 * The geometry of the dashboards' bar charts, computed on the server with d3-scale (scales and nice ticks, no
 * DOM): the page receives plain numbers and draws them as SVG, so the chart library never reaches the browser
 * and the chart reads the same without JavaScript.
 */
import { scaleBand, scaleLinear } from 'd3-scale';
import type { BarChartLayout } from './bar-chart-layout';

export type ChartPoint = { key: string; label: string; value: number };

const WIDTH = 640;

/**
 * Vertical bars (a value per day): `labelEvery` keeps one category label in n, so 30 days stay legible.
 * The value axis starts at 0 and ends on a nice tick, even when every value is 0.
 */
export function columnChartLayout(
  points: readonly ChartPoint[],
  {
    formatValue,
    labelEvery = 1,
    height = 240,
  }: { formatValue: (value: number) => string; labelEvery?: number; height?: number },
): BarChartLayout {
  const plot = { left: 64, top: 12, right: WIDTH - 8, bottom: height - 28 };
  const x = scaleBand<string>()
    .domain(points.map((point) => point.key))
    .range([plot.left, plot.right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...points.map((point) => point.value))])
    .range([plot.bottom, plot.top])
    .nice(4);
  return {
    orientation: 'vertical',
    width: WIDTH,
    height,
    plot,
    bars: points.map((point) => ({
      key: point.key,
      x: round(x(point.key) ?? plot.left),
      y: round(y(point.value)),
      width: round(x.bandwidth()),
      height: round(plot.bottom - y(point.value)),
    })),
    valueTicks: y.ticks(4).map((tick) => ({ offset: round(y(tick)), label: formatValue(tick) })),
    categories: points.flatMap((point, index) =>
      (points.length - 1 - index) % labelEvery === 0
        ? [{ key: point.key, offset: round((x(point.key) ?? 0) + x.bandwidth() / 2), label: point.label }]
        : [],
    ),
  };
}

/** Horizontal bars (views per source): one row per category, its label on the left. */
export function rowChartLayout(
  points: readonly ChartPoint[],
  { formatValue }: { formatValue: (value: number) => string },
): BarChartLayout {
  const rowHeight = 32;
  const height = Math.max(1, points.length) * rowHeight + 36;
  const plot = { left: 140, top: 8, right: WIDTH - 16, bottom: height - 28 };
  const y = scaleBand<string>()
    .domain(points.map((point) => point.key))
    .range([plot.top, plot.bottom])
    .paddingInner(0.25)
    .paddingOuter(0.1);
  const x = scaleLinear()
    .domain([0, Math.max(1, ...points.map((point) => point.value))])
    .range([plot.left, plot.right])
    .nice(4);
  return {
    orientation: 'horizontal',
    width: WIDTH,
    height,
    plot,
    bars: points.map((point) => ({
      key: point.key,
      x: plot.left,
      y: round(y(point.key) ?? plot.top),
      width: round(x(point.value) - plot.left),
      height: round(y.bandwidth()),
    })),
    valueTicks: x.ticks(4).map((tick) => ({ offset: round(x(tick)), label: formatValue(tick) })),
    categories: points.map((point) => ({
      key: point.key,
      offset: round((y(point.key) ?? 0) + y.bandwidth() / 2),
      label: point.label,
    })),
  };
}

/** Coordinates to a tenth of a unit: the markup stays short and the same on every render. */
const round = (value: number) => Math.round(value * 10) / 10;
