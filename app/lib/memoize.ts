import { LRUCache } from "lru-cache";

/**
 * `compute` remembered for the distinct inputs seen lately, for the hot paths that see the same few
 * values again and again (user agents, addresses, page addresses on every counted view). At most
 * `max` inputs are kept, the least recently used forgotten first (lru-cache): a busy site sees a
 * few thousand, and an attacker sending endless new ones only costs the first computation of each.
 */
export function memoize<T>(compute: (input: string) => T, max: number): (input: string) => T {
  // Wrapped: the cache keeps no undefined value, and `compute` may return one.
  const remembered = new LRUCache<string, { value: T }>({ max });
  return (input) => {
    let found = remembered.get(input);
    if (!found) {
      found = { value: compute(input) };
      remembered.set(input, found);
    }
    return found.value;
  };
}
