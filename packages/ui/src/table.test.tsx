import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Table } from './table';

describe('Table', () => {
  it('scrolls sideways in a frame keyboard users can focus, named by the table’s caption', () => {
    const markup = renderToStaticMarkup(
      <Table
        caption="Ventes par jour"
        rows={[{ day: '2026-11-26' }]}
        rowKey={(row) => row.day}
        columns={[{ key: 'day', header: 'Jour', cell: (row) => row.day }]}
      />,
    );
    const frame = /<section[^>]*>/.exec(markup)?.[0] ?? '';
    const captionId = /<caption id="([^"]+)"[^>]*>Ventes par jour<\/caption>/.exec(markup)?.[1];
    expect(captionId).toBeTruthy();
    expect(frame).toContain('tabindex="0"');
    expect(frame).toContain(`aria-labelledby="${captionId}"`);
  });
});
