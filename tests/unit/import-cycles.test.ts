// No import cycles in app/ and server/: a cycle means two modules cannot be understood (or
// loaded) one without the other, and usually that a shared piece wants its own module.
// Every import counts, type-only and dynamic ones included: a type import still ties the files.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const extensions = [".ts", ".tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    // Prisma's generated clients are not ours to shape (and not committed).
    if (statSync(full).isDirectory()) return name === "generated" ? [] : sourceFiles(full);
    return extensions.some((ext) => name.endsWith(ext)) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The project file an import specifier names, or null for packages and non-code files. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const stripped = base.replace(/\.(js|jsx|ts|tsx)$/, "");
  const candidates = [base, ...extensions.map((ext) => stripped + ext), ...extensions.map((ext) => path.join(base, "index" + ext))];
  return candidates.find((file) => extensions.some((ext) => file.endsWith(ext)) && existsSync(file) && statSync(file).isFile()) ?? null;
}

export function importGraph(dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = info.importedFiles.map((ref) => resolve(file, ref.fileName)).filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

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
});
