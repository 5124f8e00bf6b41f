// No import cycles in app/ and server/: a cycle means two modules cannot be understood (or
// loaded) one without the other, and usually that a shared piece wants its own module.
// Every import counts, type-only and dynamic ones included: a type import still ties the files.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph, root } from "../helpers/import-graph";

/** Every cycle found by a depth-first walk, each as the list of files around it. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles.map((cycle) => cycle.map((file) => path.relative(root, file)));
}

describe("import graph", () => {
  it("finds a cycle when there is one (the check itself works)", () => {
    const graph = new Map([
      ["/a.ts", ["/b.ts"]],
      ["/b.ts", ["/c.ts"]],
      ["/c.ts", ["/a.ts"]],
      ["/d.ts", ["/a.ts"]],
    ]);
    expect(findCycles(graph)).toHaveLength(1);
  });

  it("has no import cycle in app/ and server/", () => {
    const graph = importGraph(["app", "server"]);
    expect(graph.size).toBeGreaterThan(50);
    expect(findCycles(graph).map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  it("keeps lib/ and server/ below components/ and routes/: types they share live in lib", () => {
    const upward = [...importGraph(["app/lib", "server"])].flatMap(([file, targets]) =>
      targets
        .filter((target) => /^app\/(components|routes)\//.test(path.relative(root, target)))
        .map((target) => `${path.relative(root, file)} → ${path.relative(root, target)}`),
    );
    expect(upward).toEqual([]);
  });

  it("runs from server/ to app/ only: nothing under app/ imports server/", () => {
    const upward = [...importGraph(["app"])].flatMap(([file, targets]) =>
      targets
        .filter((target) => path.relative(root, target).startsWith("server/"))
        .map((target) => `${path.relative(root, file)} → ${path.relative(root, target)}`),
    );
    expect(upward).toEqual([]);
  });
});
