// The server finds the route a request will reach with React Router's matcher, from the URL as
// the app reads it, so every spelling the router accepts gets the router's answer: here on a
// small route table shaped like the app's (a guarded admin layout, a sign-in outside it, the
// public site's layout with its catch-all page).
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { matchedRoutes } from "../../server/route-match.ts";

const guard = () => undefined;
const route = (id: string, parentId: string | undefined, path?: string, extra: object = {}) => ({
  id,
  parentId,
  path,
  module: {},
  ...extra,
});
const build = {
  routes: {
    root: route("root", undefined, ""),
    "routes/admin": { ...route("routes/admin", "root", "admin"), module: { middleware: [guard] } },
    "routes/admin._index": route("routes/admin._index", "routes/admin", undefined, { index: true }),
    "routes/admin.blog": route("routes/admin.blog", "routes/admin", "blog"),
    "routes/admin_.login": route("routes/admin_.login", "root", "admin/login"),
    "routes/_site": route("routes/_site", "root"),
    "routes/_site._index": route("routes/_site._index", "routes/_site", undefined, { index: true }),
    "routes/_site.servicos": route("routes/_site.servicos", "routes/_site", "servicos"),
    "routes/_site.$": route("routes/_site.$", "routes/_site", "*"),
  },
} as unknown as ServerBuild;

describe("the route a request reaches", () => {
  it("is the admin area for every spelling of an admin page and of its data", () => {
    for (const url of [
      "/admin/blog",
      "/ADMIN/Blog",
      "/%61dmin/blog?editar=1",
      "/x/../admin/blog",
      "/admin/blog.data?_routes=routes/admin.blog",
      "/admin",
      "/admin.data",
      "/admin/",
    ]) {
      expect(matchedRoutes(build, url).runs(guard), url).toBe(true);
    }
  });

  it("is not the admin area for the sign-in, the public site, or an unknown path", () => {
    for (const url of ["/admin/login", "/Admin/Login.data", "/", "/_root.data", "/servicos", "/administracao", "/nada/aqui"]) {
      expect(matchedRoutes(build, url).runs(guard), url).toBe(false);
    }
    expect(matchedRoutes(build, "/SERVICOS.data").ids).toEqual(["root", "routes/_site", "routes/_site.servicos"]);
    expect(matchedRoutes(build, "/nada").ids.at(-1)).toBe("routes/_site.$");
  });
});
