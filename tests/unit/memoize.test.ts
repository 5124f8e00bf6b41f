import { describe, expect, it } from "vitest";
import { memoize } from "~/lib/memoize";

describe("memoize", () => {
  it("computes each input once, remembers falsy results too, and forgets the least recently used once full", () => {
    const calls: string[] = [];
    const length = memoize((input: string) => {
      calls.push(input);
      return input.length === 0 ? null : input.length;
    }, 2);
    expect([length("ab"), length("ab"), length(""), length("")]).toEqual([2, 2, null, null]);
    expect(calls).toEqual(["ab", ""]);
    // "ab" used again: "" is now the one least recently used, and a third input takes its place.
    expect(length("ab")).toBe(2);
    expect(length("abc")).toBe(3);
    expect(length("ab")).toBe(2);
    expect(length("")).toBeNull();
    expect(calls).toEqual(["ab", "", "abc", ""]);
  });
});
