// The security headers on every answer (server/security-headers.ts says which and why); the app's
// documents replace the CSP with one that allows their own inline scripts (the nonce, or a stored
// page's hashes).
import { setHeaders } from "../responses.ts";
import type { Step } from "../exchange.ts";

export function withSecurityHeaders(headers: Record<string, string>): Step {
  return (x, next) => {
    setHeaders(x.res, headers);
    return next();
  };
}
