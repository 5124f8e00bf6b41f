// Public reads kept per content version: shared while the version the server vouches for stays,
// read again when it moves, never kept when they fail, and not kept at all without a version.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { contentVersionContext, readAtContentVersion } from "~/lib/content-reads.server";

function contextAt(version: number | null) {
  const context = new RouterContextProvider();
  context.set(contentVersionContext, version);
  return context;
}

describe("reads kept per content version", () => {
  it("reads once per version, and again when the version moves", async () => {
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    expect(await readAtContentVersion(contextAt(1), "kept-a", read)).toBe(1);
    expect(await readAtContentVersion(contextAt(1), "kept-a", read)).toBe(1);
    expect(await readAtContentVersion(contextAt(2), "kept-a", read)).toBe(2);
    expect(await readAtContentVersion(contextAt(2), "kept-a", read)).toBe(2);
    expect(reads).toBe(2);
  });

  it("keeps each key apart", async () => {
    expect(await readAtContentVersion(contextAt(1), "kept-b:1", () => Promise.resolve("um"))).toBe("um");
    expect(await readAtContentVersion(contextAt(1), "kept-b:2", () => Promise.resolve("dois"))).toBe("dois");
  });

  it("reads the database every time when the server vouches for no version (admin pages, actions)", async () => {
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    for (const context of [contextAt(null), new RouterContextProvider(), undefined]) await readAtContentVersion(context, "kept-c", read);
    expect(reads).toBe(3);
  });

  it("does not keep a failed read", async () => {
    await expect(readAtContentVersion(contextAt(7), "kept-d", () => Promise.reject(new Error("banco fora")))).rejects.toThrow("banco fora");
    expect(await readAtContentVersion(contextAt(7), "kept-d", () => Promise.resolve("de volta"))).toBe("de volta");
  });
});
