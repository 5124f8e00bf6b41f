// The route a request will reach, found before the app runs, with React Router's own matcher
// (matchRoutes) over the build's route table and from the URL exactly as the app reads it (a data
// request, /x.data, is for the page /x: app/lib/data-url.ts). Server policy that depends on where a
// request goes (the admin area's upload limits) asks this instead of comparing the URL's text, so
// every spelling the router accepts (`/ADMIN/x`, `/%61dmin/x`) gets the same answer as the router.
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { pageUrl } from "../app/lib/data-url.ts";

/** The routes a request reaches, from the root layout to the page. */
export interface MatchedRoutes {
  ids: string[];
  /** Whether one of them runs `middleware` (an admin route: its layout's middleware demands an admin session). */
  runs(middleware: unknown): boolean;
}

const trees = new WeakMap<ServerBuild, RouteObject[]>();

/** The build's flat route manifest as the nested route objects matchRoutes takes. */
function routeTree(build: ServerBuild): RouteObject[] {
  const cached = trees.get(build);
  if (cached) return cached;
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), node]);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((node) => (node.index ? node : ({ ...node, children: attach(children.get(node.id) ?? []) } as RouteObject)));
  const tree = attach(children.get(undefined) ?? []);
  trees.set(build, tree);
  return tree;
}

/** The routes `target` (a request target: path and query) reaches in `build`. */
export function matchedRoutes(build: ServerBuild, target: string): MatchedRoutes {
  let ids: string[] = [];
  try {
    // The URL as the app builds it from the request (@remix-run/node-fetch-server), so `//x` stays a path.
    const url = pageUrl(new URL(`http://localhost${target.startsWith("/") ? "" : "/"}${target}`));
    ids = (matchRoutes(routeTree(build), url.pathname) ?? []).map((match) => match.route.id!);
  } catch {
    // No URL (the app answers 400): no route.
  }
  return {
    ids,
    runs: (middleware) => ids.some((id) => (build.routes[id]?.module.middleware as unknown[] | undefined)?.includes(middleware)),
  };
}
