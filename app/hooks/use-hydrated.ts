// Whether the page has hydrated, for UI that only makes sense with JavaScript running. useSyncExternalStore
// gives false while hydrating (matching the server HTML) and true right after, without an extra effect.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server-rendered HTML and until hydration; true once JavaScript runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
