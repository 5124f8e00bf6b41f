// Redirect targets taken from requests stay on this site (no open redirects).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirectPath("/admin/portfolio")).toBe("/admin/portfolio");
    expect(safeRedirectPath("/blog?pagina=2#topo")).toBe("/blog?pagina=2#topo");
  });

  it("refuses protocol-relative and backslash tricks", () => {
    for (const target of [
      "//evil.example",
      "//evil.example/admin",
      "/\\evil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      " //evil.example",
      "/%5Cevil.example".replace("%5C", "\\"),
    ]) {
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

describe("safeRedirectPath, checked on its result", () => {
  it("refuses paths whose dot segments resolve to a protocol-relative URL", () => {
    for (const target of [
      "/x/..//evil.example",
      "/x/../\\evil.example",
      "/./..//evil.example/a",
      "/a/b/../..//evil.example",
      "/x/%2e%2e//evil.example",
      "/x/.%2e//evil.example",
    ]) {
      expect(safeRedirectPath(target, "/admin"), JSON.stringify(target)).toBe("/admin");
    }
  });

  // Pieces that browsers and URL parsers treat specially: slashes and backslashes, their encodings,
  // dot segments (plain and encoded), tabs and newlines (stripped by the URL parser), schemes,
  // credentials and hosts.
  const pieces = [
    "/",
    "//",
    "\\",
    ".",
    "..",
    "%2f",
    "%2F",
    "%5c",
    "%5C",
    "%2e",
    "%2E",
    "%2e%2e",
    "\t",
    "\n",
    "\r",
    " ",
    "\u0000",
    "\u007f",
    "evil.example",
    "x",
    "@",
    ":",
    "?",
    "#",
    "http:",
    "https://",
    "javascript:",
    "%00",
    "%09",
    "%0a",
    "\u3002",
    "\uff0f",
    "\u2215",
  ];
  const tricky = fc.oneof(
    fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join("")),
    fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => `/${parts.join("")}`),
    fc.string({ unit: "binary", maxLength: 30 }),
  );
  const fallback = "/fallback";

  it("always returns the fallback or a path that stays on this site, wherever the browser resolves it", () => {
    fc.assert(
      fc.property(tricky, (target) => {
        const result = safeRedirectPath(target, fallback);
        if (result === fallback) return;
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
        expect(result).not.toMatch(/[\\\p{Cc}]/u);
        // What a browser does with a Location header: resolve it against the current page.
        for (const page of ["https://site.example/", "https://site.example/a/b/c?q=1"]) {
          expect(new URL(result, page).origin, `${JSON.stringify(target)} -> ${result}`).toBe("https://site.example");
        }
        // A kept result is already normal: checking it again changes nothing.
        expect(safeRedirectPath(result, fallback)).toBe(result);
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps ordinary same-site paths as they are", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join("/")}`;
        expect(safeRedirectPath(path, fallback)).toBe(path);
      }),
    );
  });
});
