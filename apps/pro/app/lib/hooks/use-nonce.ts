import { createContext, useContext } from 'react';

/**
 * This response's CSP nonce, given by entry.server.tsx to the inline scripts React Router writes. In the
 * browser it is empty: browsers hide a nonce from scripts once the page is parsed.
 */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
