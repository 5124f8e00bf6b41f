// The content field's corpus (tests/helpers/blog-html-corpus.ts) is what the sanitizer stores, and
// it names every element and attribute the sanitizer allows, so the browser test that edits each
// piece in the Visual view covers the whole allowlist.
import { describe, expect, it } from "vitest";
import { BLOG_ALLOWLIST, sanitizeBlogHtml } from "~/lib/sanitize.server";
import { BLOG_HTML_CORPUS } from "../helpers/blog-html-corpus";

describe("the blog HTML corpus", () => {
  it("is stored unchanged by the sanitizer, piece by piece", () => {
    for (const piece of BLOG_HTML_CORPUS) expect(sanitizeBlogHtml(piece.html), piece.name).toBe(piece.html);
  });

  it("has every allowed element and every allowed attribute", () => {
    const html = BLOG_HTML_CORPUS.map((piece) => piece.html).join("");
    for (const tag of BLOG_ALLOWLIST.tags) expect(html, tag).toMatch(new RegExp(`<${tag}[\\s>/]`));
    for (const [tag, attributes] of Object.entries(BLOG_ALLOWLIST.attributes)) {
      for (const attribute of attributes) expect(html, `${tag}[${attribute}]`).toMatch(new RegExp(`<${tag}\\s[^>]*\\b${attribute}(=|[\\s>])`));
    }
  });
});
