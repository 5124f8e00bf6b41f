// Whether a page was built from a degraded load: a read that failed and is shown to the visitor
// as an empty state (no posts, no logo strip) instead of an error. The HTTP server gives each
// request a fresh status and, when a loader marked it, neither stores nor lets anyone share the
// page (Cache-Control: no-store), so a database blip is not frozen into the cache.
import { createContext, type RouterContextProvider } from "react-router";

interface LoadStatus {
  degraded: boolean;
}

export const loadStatusContext = createContext<LoadStatus | null>(null);

export function markDegraded(context: Readonly<RouterContextProvider> | undefined): void {
  try {
    const status = context?.get(loadStatusContext);
    if (status) status.degraded = true;
  } catch {
    // No status for this request (a unit test calling a loader directly): nothing to mark.
  }
}
