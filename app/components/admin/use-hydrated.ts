import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server-rendered HTML and until hydration; true once JavaScript runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
