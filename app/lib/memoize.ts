/**
 * `compute` remembered for the distinct inputs seen lately, for the hot paths that see the same few
 * values again and again (user agents, addresses, page addresses on every counted view). Past `max`
 * inputs everything is forgotten at once: a busy site sees a few thousand, and an attacker sending
 * endless new ones only costs the first computation of each.
 */
export function memoize<T>(compute: (input: string) => T, max: number): (input: string) => T {
  const remembered = new Map<string, T>();
  return (input) => {
    if (remembered.has(input)) return remembered.get(input)!;
    if (remembered.size >= max) remembered.clear();
    const value = compute(input);
    remembered.set(input, value);
    return value;
  };
}
