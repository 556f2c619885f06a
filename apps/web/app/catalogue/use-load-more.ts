import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';

/** One page of a list: its items, and the address of the next page (null on the last). */
export type ListPage<Item> = { items: Item[]; nextHref: string | null };

/**
 * « Voir plus » that adds the next page under the list instead of replacing it (issue 22). The link is a real
 * link to the next page — without JavaScript that page opens on its own, as before; with it, the next page's
 * data is fetched from the same route's loader and its items are appended. `listKey` names the list (its
 * filters, its first cursor): a new key starts over, while the same list loaded again (a ticketing opened
 * over it) keeps what was added.
 */
export function useLoadMore<Item, Data>(
  listKey: string,
  first: ListPage<Item>,
  pageOf: (data: Data) => ListPage<Item>,
  /** Once the added items are in the page: the first of them (to take the focus, which the link may lose). */
  onAppended?: (firstAdded: Item) => void,
): ListPage<Item> & { loading: boolean; loadMore: (event: MouseEvent<HTMLAnchorElement>) => void } {
  const fetcher = useFetcher();
  // The same route's loader answers: its data is the page's own loader data.
  const data = fetcher.data as Data | undefined;
  const [list, setList] = useState({ key: listKey, ...first });
  // Another list (filters changed): derived during render, so the old items never show under the new title.
  let shown = list;
  if (list.key !== listKey) {
    shown = { key: listKey, ...first };
    setList(shown);
  }

  const appended = useRef<Data | undefined>(undefined);
  const [firstAdded, setFirstAdded] = useState<{ item: Item } | null>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle' || data === undefined || data === appended.current) return;
    appended.current = data;
    const next = pageOf(data);
    setList((current) => ({ ...current, items: [...current.items, ...next.items], nextHref: next.nextHref }));
    const [added] = next.items;
    if (added !== undefined) setFirstAdded({ item: added });
  }, [fetcher.state, data, pageOf]);

  // After the render that shows them.
  useEffect(() => {
    if (!firstAdded) return;
    setFirstAdded(null);
    onAppended?.(firstAdded.item);
  }, [firstAdded, onAppended]);

  const loadMore = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window gets the next page itself.
    if (!shown.nextHref || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (fetcher.state === 'idle') fetcher.load(shown.nextHref);
  };

  return { items: shown.items, nextHref: shown.nextHref, loading: fetcher.state !== 'idle', loadMore };
}
