/**
 * A map that keeps its most recently used entries within a total size, each entry stating its
 * own (bytes, usually). Past the total, the least recently used entries go first; an entry larger
 * than the whole is not kept at all.
 */
export class SizedLru<V> {
  /** In order of use, least recent first (a Map iterates in insertion order). */
  readonly #entries = new Map<string, { value: V; size: number }>();
  #total = 0;
  readonly maxSize: number;

  constructor(maxSize: number) {
    this.maxSize = maxSize;
  }

  get total(): number {
    return this.#total;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, size: number): void {
    this.delete(key);
    if (size > this.maxSize) return;
    this.#entries.set(key, { value, size });
    this.#total += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#total <= this.maxSize) break;
      this.#entries.delete(oldest);
      this.#total -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#total -= entry.size;
  }
}
