// Every URL of the app, read from the files in app/routes (flat routes: `_site.blog.$slug.tsx` is
// /blog/:slug, `admin_.login.tsx` is /admin/login, `robots[.]txt.ts` is /robots.txt), so tests
// that must cover every route also cover the ones added later.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const routesDir = new URL("../../app/routes/", import.meta.url).pathname;
// Stands in for an escaped dot ([.]) while a file name is split at its dots (a private-use character no file name has).
const ESCAPED_DOT = "\uE000";

export interface AppRoute {
  file: string;
  /** A concrete URL for it: params and splats get a sample value. */
  path: string;
  admin: boolean;
  /** Whether it has an action (takes form posts). */
  action: boolean;
  /** Whether it renders a page (has a default export), as opposed to a resource route. */
  page: boolean;
}

function urlPath(file: string): string | null {
  const name = file.replace(/\.(tsx?|jsx?)$/, "");
  // Escaped dots ([.]) belong to the segment; other dots separate segments.
  const segments = name
    .replace(/\[\.\]/g, ESCAPED_DOT)
    .split(".")
    .map((s) => s.replaceAll(ESCAPED_DOT, "."));
  const parts: string[] = [];
  for (const segment of segments) {
    if (segment === "_index" || segment.startsWith("_")) continue; // index / pathless layout
    const clean = segment.endsWith("_") ? segment.slice(0, -1) : segment; // "admin_" escapes the layout
    if (clean === "$") parts.push("qualquer/coisa");
    else if (clean.startsWith("$")) parts.push("exemplo");
    else parts.push(clean);
  }
  return `/${parts.join("/")}`;
}

export function appRoutes(): AppRoute[] {
  return readdirSync(routesDir)
    .filter((file) => /\.(tsx?|jsx?)$/.test(file))
    .map((file) => {
      const source = readFileSync(join(routesDir, file), "utf8");
      const path = urlPath(file)!;
      return {
        file,
        path,
        admin: path === "/admin" || path.startsWith("/admin/"),
        action: /export\s+(async\s+)?(function|const)\s+action\b/.test(source),
        page: /export\s+default\b/.test(source),
      };
    });
}

/** The single-fetch data URL the browser uses for a page's loaders and actions with JavaScript. */
export function dataUrl(path: string): string {
  return path.endsWith("/") ? `${path}_.data` : `${path}.data`;
}
