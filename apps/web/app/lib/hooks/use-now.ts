import { useRootData } from './use-root-data';

/**
 * The instant of the request (the root loader's), so that the server's page and the hydrated one say the
 * same thing about what is running or over; the browser's clock only when the root loader failed.
 */
export function useNow(): number {
  return useRootData()?.now ?? Date.now();
}
