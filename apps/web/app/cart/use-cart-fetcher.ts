import { useNotifications } from '@guichet/ui/notifications';
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { CartActionData } from './cart-display';

/**
 * A fetcher posting to the cart action, whose answers' notices are shown as notifications once each. `key`
 * shares one fetcher between components (the header's modal and its lines).
 */
export function useCartFetcher(key?: string) {
  const fetcher = useFetcher<CartActionData>(key ? { key } : undefined);
  const { notify } = useNotifications();
  // A keyed fetcher keeps its last answer across pages: only answers that arrive while mounted are told.
  const told = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || fetcher.data === told.current) return;
    told.current = fetcher.data;
    if (fetcher.data.notice) {
      const { message, state, link } = fetcher.data.notice;
      notify(message, state, link);
    }
  }, [fetcher.state, fetcher.data, notify]);
  return fetcher;
}
