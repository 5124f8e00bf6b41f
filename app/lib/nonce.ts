// The Content-Security-Policy nonce of the current response, for the few inline scripts React
// Router renders (<Scripts>, <ScrollRestoration>). Set on the server only; the browser hides
// nonces from the DOM, so on the client it is undefined.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
