import { expect, it } from "vitest";
import { SizedLru } from "~/lib/sized-lru";

it("keeps the most recently used entries within the total size", () => {
  const lru = new SizedLru<string>(10);
  lru.set("a", "A", 4);
  lru.set("b", "B", 4);
  expect(lru.get("a")).toBe("A"); // a is now the most recently used
  lru.set("c", "C", 4); // 12 > 10: b, the least recently used, goes
  expect([lru.get("a"), lru.get("b"), lru.get("c")]).toEqual(["A", undefined, "C"]);
  expect(lru.total).toBe(8);
});

it("replaces an entry in place, forgets deleted ones and never keeps one larger than the whole", () => {
  const lru = new SizedLru<string>(10);
  lru.set("a", "A", 4);
  lru.set("a", "A2", 6);
  expect([lru.get("a"), lru.total]).toEqual(["A2", 6]);
  lru.delete("a");
  expect([lru.get("a"), lru.total]).toEqual([undefined, 0]);
  lru.set("big", "B", 11);
  expect([lru.get("big"), lru.total]).toEqual([undefined, 0]);
});
