/** The dashboards' charts as the server renders them: an accessible SVG image and its data table, without JS. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';
import { columnChartLayout, rowChartLayout } from './bar-chart-layout.server';

const days = [
  { key: '2026-11-25', label: '25/11', value: 0 },
  { key: '2026-11-26', label: '26/11', value: 4500 },
  { key: '2026-11-27', label: '27/11', value: 1500 },
];

describe('BarChart', () => {
  it('is an image named by its title and described by its desc, with the figures in a table under it', () => {
    const markup = renderToStaticMarkup(
      <BarChart
        title="Ventes par jour"
        description="Chiffre d’affaires TTC de chaque jour."
        layout={columnChartLayout(days, { formatValue: (value) => `${value / 100} €` })}
        table={{
          rows: days,
          rowKey: (row) => row.key,
          columns: [
            { key: 'day', header: 'Jour', cell: (row) => row.key },
            { key: 'ttc', header: 'TTC', cell: (row) => String(row.value) },
          ],
        }}
      />,
    );
    const svg = /<svg[^>]*>/.exec(markup)?.[0] ?? '';
    expect(svg).toContain('role="img"');
    const titleId = /<title id="([^"]+)">Ventes par jour<\/title>/.exec(markup)?.[1];
    const descId = /<desc id="([^"]+)">Chiffre d’affaires TTC de chaque jour.<\/desc>/.exec(markup)?.[1];
    expect(svg).toContain(`aria-labelledby="${titleId}"`);
    expect(svg).toContain(`aria-describedby="${descId}"`);
    // The table alternative, in a <details> that opens without JavaScript.
    expect(markup).toMatch(/<details>.*<summary[^>]*>Voir les données<\/summary>.*<table/s);
    expect(markup).toContain('<td class="px-4 py-3  ">2026-11-26</td>');
    expect(markup.match(/<rect /g)).toHaveLength(3);
  });
});

describe('the chart layouts', () => {
  it('scale the tallest bar to the top of a nice axis starting at 0, and a day without sales to nothing', () => {
    const layout = columnChartLayout(days, { formatValue: String });
    const [none, most, some] = layout.bars;
    expect(none?.height).toBe(0);
    expect(some && most && some.height < most.height).toBe(true);
    expect(layout.valueTicks[0]).toEqual({ offset: layout.plot.bottom, label: '0' });
    // 4,500 rounds up to a 5,000 axis: the tallest bar reaches 90 % of the plot.
    expect(layout.valueTicks.at(-1)).toEqual({ offset: layout.plot.top, label: '5000' });
    expect(most?.height).toBeCloseTo((layout.plot.bottom - layout.plot.top) * 0.9, 0);
  });

  it('keep one day label in `labelEvery`, today’s always', () => {
    const layout = columnChartLayout(days, { formatValue: String, labelEvery: 2 });
    expect(layout.categories.map((category) => category.label)).toEqual(['25/11', '27/11']);
  });

  it('draw an empty chart (no views yet) on an axis from 0 to 1, without bars', () => {
    const layout = rowChartLayout([], { formatValue: String });
    expect(layout.bars).toEqual([]);
    expect(layout.valueTicks.at(-1)?.label).toBe('1');
  });
});
