/**
 * What the back office's lists share: a search box sent by GET (works without JavaScript, the results' address
 * can be kept), and the page number read from the query.
 */
import type { ReactNode } from 'react';
import { Form } from 'react-router';

/** `?page=` as a page number, 1 to 10,000 (anything else: the first). */
export const pageParam = (url: URL) =>
  Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));

/** `?q=` (or another name) trimmed and bounded as the API takes it. */
export const searchParam = (url: URL, name = 'q', max = 100) => (url.searchParams.get(name) ?? '').trim().slice(0, max);

export function AdminSearch({
  id,
  label,
  value,
  name = 'q',
  button = 'Rechercher',
  maxLength = 100,
  search = true,
  filters,
  children,
}: {
  id: string;
  label: string;
  value: string;
  name?: string;
  button?: string;
  maxLength?: number;
  /** A search of the list (role="search"), or another question asked by GET (« Tester un chemin »). */
  search?: boolean;
  /** Other fields of the same question, after the search box (a filter by kind or state). */
  filters?: ReactNode;
  /** Hidden fields kept with the question (the list's own search). */
  children?: ReactNode;
}) {
  return (
    <Form method="get" role={search ? 'search' : undefined} className="flex flex-wrap items-end gap-3">
      {children}
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type={search ? 'search' : 'text'}
          defaultValue={value}
          maxLength={maxLength}
          className="field-input"
        />
      </div>
      {filters}
      <button type="submit" className={search ? 'btn btn-primary' : 'btn btn-secondary'}>
        {button}
      </button>
    </Form>
  );
}
