import { createContext, useContext, type ReactNode } from 'react';

/** The CSP nonce of this response (server only; the browser never needs it after the first render). */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
