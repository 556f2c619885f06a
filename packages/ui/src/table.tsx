import { TABLE_LOADER_TEXT } from '@guichet/domain';
import { type ReactNode, useId } from 'react';
import { LoaderCircle } from './icons';

export type TableColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** Classes of the column's header and cells, e.g. `hidden sm:table-cell` for a column narrow screens do without. */
  className?: string;
};

/** A data table; while `loading`, one row says « Chargement en cours » to everyone, screen readers included. */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  empty,
}: {
  caption: ReactNode;
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  empty?: ReactNode;
}) {
  const captionId = useId();
  return (
    // On a narrow screen the table scrolls sideways inside its frame: the frame takes the keyboard focus (arrow
    // keys scroll it) and is named by the caption, so keyboard users reach every column (WCAG 2.1.1).
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard.
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200"
    >
      <table className="w-full border-collapse text-left text-sm" aria-busy={loading || undefined}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-4 py-3 font-semibold ${column.align === 'right' ? 'text-right' : ''} ${column.className ?? ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-6 text-center text-slate-700">
                <span role="status" className="inline-flex items-center gap-2">
                  <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
                  {TABLE_LOADER_TEXT}
                </span>
              </td>
            </tr>
          ) : rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-6 text-center text-slate-700">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="border-t border-slate-200">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={`px-4 py-3 ${column.align === 'right' ? 'text-right' : ''} ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
