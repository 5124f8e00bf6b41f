import { describe, expect, it } from "vitest";
import { isDataUrl, pageUrl } from "~/lib/data-url";

const at = (path: string) => new URL(path, "http://localhost");

describe("React Router's data URLs", () => {
  it.each([
    ["/_root.data", "/"],
    ["/sobre.data", "/sobre"],
    ["/admin/blog.data?_routes=routes%2Fadmin.blog", "/admin/blog"],
    ["/admin/blog.data?editar=1&_routes=routes%2Fadmin.blog", "/admin/blog?editar=1"],
    ["/admin/_.data", "/admin/"],
    ["/portfolio.data?categoria=IA", "/portfolio?categoria=IA"],
  ])("%s is a data request for the page %s", (data, page) => {
    expect(isDataUrl(at(data))).toBe(true);
    const url = pageUrl(at(data));
    expect(url.pathname + url.search).toBe(page);
  });

  it.each(["/", "/sobre", "/admin/blog?editar=1", "/blog/metadata", "/sitemap.xml"])("%s is a page, kept as it is", (path) => {
    expect(isDataUrl(at(path))).toBe(false);
    const url = pageUrl(at(path));
    expect(url.pathname + url.search).toBe(path);
  });
});
