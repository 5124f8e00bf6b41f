// The conditional-request check shared by /media and /img.
import { describe, expect, it } from "vitest";
import { etagMatches } from "~/lib/http.server";

describe("etagMatches", () => {
  it("matches the ETag, weak or strong, in a list, or *", () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
  });

  it("does not match another ETag or a missing header", () => {
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(null, '"abc"')).toBe(false);
    expect(etagMatches("", '"abc"')).toBe(false);
  });
});
