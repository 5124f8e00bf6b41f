// Markup rendered once with a placeholder and filled per request must be byte for byte what React
// renders with the real value, whatever the value holds: a page address is typed by anyone, and
// `String.prototype.replace` reads `$&`, `$'`, `` $` ``, `$$` and `$1` in a replacement string as
// patterns that splice other parts of the page in.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { footerHtml } from "~/components/site/footer-html.server";
import { defaultSiteSettings } from "~/lib/site-settings";
import { fillAttribute } from "~/lib/static-html.server";

const PLACEHOLDER = "__valor__";
const render = (value: string) => renderToStaticMarkup(createElement("p", null, "antes ", createElement("a", { href: value }, "link"), " depois"));

const VALUES = [
  "/",
  "/blog?x=$&",
  "/blog?x=$'",
  "/blog?x=$`",
  "/blog?x=$$",
  "/blog?x=$1$2",
  "/blog?x=$<nome>",
  "/?a=$&$`$'$$&",
  '/?a="><script>alert(1)</script>',
  "/?a=&amp;'\"<>",
];

describe("fillAttribute", () => {
  it("gives exactly React's markup for every replacement pattern and HTML character", () => {
    const template = render(PLACEHOLDER);
    for (const value of VALUES) expect(fillAttribute(template, PLACEHOLDER, value), value).toBe(render(value));
  });

  it("the footer's no-JavaScript cookie reset returns to the page asked for, as typed", () => {
    for (const value of ["/blog/$&", "/blog/$'", "/blog/$`", "/$$/$1", "/?a=$&$`$'"]) {
      const request = new Request(`http://localhost:3000${value}`);
      const url = new URL(request.url);
      const html = footerHtml(defaultSiteSettings, request);
      const escaped = `${url.pathname}${url.search}`.replace(/[&"'<>]/g, (c) => ({ "&": "&amp;", '"': "&quot;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" })[c]!);
      expect(html, value).toContain(`name="redirectTo" value="${escaped}"`);
      // Nothing of the footer itself was spliced in: it appears once.
      expect(html.split("<footer").length, value).toBe(2);
    }
  });
});
