// The route a request will reach, found before the app runs, with React Router's own matcher
// (matchRoutes) over the build's route table and from the URL exactly as the app reads it (a data
// request, /x.data, is for the page /x: app/lib/data-url.ts). Server policy that depends on where a
// request goes (the admin area's upload limits) asks this instead of comparing the URL's text, so
// every spelling the router accepts (`/ADMIN/x`, `/%61dmin/x`) gets the same answer as the router.
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { pageUrl } from "../app/lib/data-url.ts";

/** The routes a request reaches, from the root layout to the page. */
export interface MatchedRoutes {
  ids: string[];
  /** Whether one of them runs `middleware` (an admin route: its layout's middleware demands an admin session). */
  runs(middleware: unknown): boolean;
}

interface Matcher {
  tree: RouteObject[];
  /**
   * The route ids each path reached. matchRoutes flattens and ranks the whole route tree on every
   * call (0.3 ms here, paid by every POST: each chat message, each form); a path's routes never
   * change within one build. Bounded: anyone can send any path.
   */
  idsByPath: LRUCache<string, string[]>;
}

const matchers = new WeakMap<ServerBuild, Matcher>();

function routeIds(build: ServerBuild, target: string): string[] {
  let pathname: string;
  try {
    // The URL as the app builds it from the request (@remix-run/node-fetch-server), so `//x` stays a path.
    pathname = pageUrl(new URL(`http://localhost${target.startsWith("/") ? "" : "/"}${target}`)).pathname;
  } catch {
    return []; // No URL (the app answers 400): no route.
  }
  const { tree, idsByPath } = matcher(build);
  let ids = idsByPath.get(pathname);
  if (!ids) {
    ids = (matchRoutes(tree, pathname) ?? []).map((match) => match.route.id!);
    idsByPath.set(pathname, ids);
  }
  return ids;
}

function matcher(build: ServerBuild): Matcher {
  let found = matchers.get(build);
  if (!found) {
    found = { tree: routeTree(build), idsByPath: new LRUCache({ max: 1000 }) };
    matchers.set(build, found);
  }
  return found;
}

/** The build's flat route manifest as the nested route objects matchRoutes takes. */
function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), node]);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((node) => (node.index ? node : ({ ...node, children: attach(children.get(node.id) ?? []) } as RouteObject)));
  return attach(children.get(undefined) ?? []);
}

/** The routes `target` (a request target: path and query) reaches in `build`. */
export function matchedRoutes(build: ServerBuild, target: string): MatchedRoutes {
  const ids = routeIds(build, target);
  return {
    ids,
    runs: (middleware) => ids.some((id) => (build.routes[id]?.module.middleware as unknown[] | undefined)?.includes(middleware)),
  };
}
