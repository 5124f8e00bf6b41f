// Redirect targets taken from requests stay on this site (issue 7, open redirects).
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirectPath("/admin/portfolio")).toBe("/admin/portfolio");
    expect(safeRedirectPath("/blog?pagina=2#topo")).toBe("/blog?pagina=2#topo");
  });

  it("refuses protocol-relative and backslash tricks", () => {
    for (const target of ["//evil.example", "//evil.example/admin", "/\\evil.example", "/\\/evil.example", "\\\\evil.example", " //evil.example", "/%5Cevil.example".replace("%5C", "\\")]) {
      expect(safeRedirectPath(target, "/admin"), JSON.stringify(target)).toBe("/admin");
    }
  });

  it("refuses full URLs and other schemes", () => {
    for (const target of ["https://evil.example", "http://localhost:3000/admin", "javascript:alert(1)", "data:text/html,x", "evil.example", ""]) {
      expect(safeRedirectPath(target, "/"), target).toBe("/");
    }
  });

  it("refuses control characters that browsers strip into a different URL", () => {
    for (const target of ["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "/\u0000admin", "/x\u001fy"]) {
      expect(safeRedirectPath(target, "/"), JSON.stringify(target)).toBe("/");
    }
  });

  it("refuses anything that is not a string", () => {
    for (const target of [null, undefined, 42, ["/admin"], { toString: () => "/admin" }]) {
      expect(safeRedirectPath(target, "/")).toBe("/");
    }
  });
});
