import { describe, expect, it } from "vitest";
import { memoize } from "~/lib/memoize";

describe("memoize", () => {
  it("computes each input once, remembers falsy results too, and forgets everything once full", () => {
    const calls: string[] = [];
    const length = memoize((input: string) => {
      calls.push(input);
      return input.length === 0 ? null : input.length;
    }, 2);
    expect([length("ab"), length("ab"), length(""), length("")]).toEqual([2, 2, null, null]);
    expect(calls).toEqual(["ab", ""]);
    // A third input finds it full: it starts again, so "ab" is computed anew afterwards.
    expect(length("abc")).toBe(3);
    expect(length("ab")).toBe(2);
    expect(calls).toEqual(["ab", "", "abc", "ab"]);
  });
});
