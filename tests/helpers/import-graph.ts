// The project's import graph (app/, server/...): which of our files each file imports, type-only
// and dynamic imports included. Packages and non-code files are left out.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const root = path.resolve(import.meta.dirname, "../..");
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
