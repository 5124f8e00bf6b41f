// Public reads kept per content version: shared while the version the server vouches for stays,
// read again when it moves, never kept when they fail, and not kept at all without a version.
// What a page was built from (the reads' fingerprints) tells whether it is still right after a
// change, which holds only while public pages reach the database through these reads.
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { contentVersionContext, readAtContentVersion, readFingerprints, readsUnchanged, readsUsedContext } from "~/lib/content-reads.server";
import { importGraph, root } from "../helpers/import-graph";

function contextAt(version: number | null, used?: Set<string>) {
  const context = new RouterContextProvider();
  context.set(contentVersionContext, version);
  if (used) context.set(readsUsedContext, used);
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

describe("what a page was built from", () => {
  it("records the keys a request read, and tells whether their answers are the same at a later version", async () => {
    const rows = { panels: ["Painel 01"], logos: ["Marca"] };
    const used = new Set<string>();
    await readAtContentVersion(contextAt(1, used), "built-panels", async () => [...rows.panels]);
    await readAtContentVersion(contextAt(1, used), "built-logos", async () => [...rows.logos]);
    expect([...used]).toEqual(["built-panels", "built-logos"]);
    const fingerprints = (await readFingerprints(used, 1))!;
    expect(fingerprints.size).toBe(2);

    // A change elsewhere: both reads answer the same at version 2.
    expect(await readsUnchanged(fingerprints, 2)).toBe(true);
    // A change to one of them: read again at version 3, it answers differently.
    rows.logos.push("Marca nova");
    expect(await readsUnchanged(fingerprints, 3)).toBe(false);
  });

  it("cannot vouch for reads no longer kept at the page's version, nor for a page that read nothing", async () => {
    await readAtContentVersion(contextAt(1), "built-moved", async () => "a");
    await readAtContentVersion(contextAt(2), "built-moved", async () => "a");
    expect(await readFingerprints(["built-moved"], 1)).toBeNull();
    expect(await readsUnchanged(new Map(), 2)).toBe(false);
  });

  it("counts a read that fails when taken again as changed", async () => {
    let fail = false;
    const read = async () => {
      if (fail) throw new Error("banco fora");
      return "ok";
    };
    await readAtContentVersion(contextAt(1), "built-failing", read);
    const fingerprints = (await readFingerprints(["built-failing"], 1))!;
    fail = true;
    expect(await readsUnchanged(fingerprints, 2)).toBe(false);
  });

  it("public pages reach the database only through kept reads (besides the version, a visitor's conversation and the forms' limits)", () => {
    const graph = importGraph(["app"]);
    const pages = [...graph.keys()].filter((file) => /app\/(root\.tsx|routes\/_site[^/]*\.tsx)$/.test(file));
    expect(pages.length).toBeGreaterThan(10);
    const reached = new Set<string>();
    const todo = [...pages];
    while (todo.length > 0) {
      const file = todo.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      todo.push(...(graph.get(file) ?? []));
    }
    const database = path.join(root, "app/lib/db.server.ts");
    const readers = [...reached].filter((file) => graph.get(file)?.includes(database)).map((file) => path.relative(root, file));
    // A new module here must read public content through readAtContentVersion, or the page cache
    // keeps pages built from it after the content changes.
    expect(readers.sort()).toEqual([
      "app/lib/blog-schedule.server.ts", // the content version itself (scheduled posts)
      "app/lib/chat/conversation.server.ts", // a visitor's own conversation: never in a shared page
      "app/lib/content-version.server.ts", // the content version itself
      "app/lib/public-content.server.ts", // kept reads
      "app/lib/rate-limit.server.ts", // the forms' actions, which no cache answers
      "app/lib/site-settings.server.ts", // a kept read
    ]);
  });
});
