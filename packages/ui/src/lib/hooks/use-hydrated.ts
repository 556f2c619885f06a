import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False during the server render and the hydration that follows it, true afterwards: what only works with
 * JavaScript (a copy button, a dialog managed by script) replaces its no-script fallback after hydration,
 * without a hydration mismatch; a component mounted later (a client navigation) is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
