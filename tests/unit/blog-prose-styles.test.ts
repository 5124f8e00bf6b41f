// Every element the blog's sanitizer keeps has a look of its own on the public post (the style
// sheet's `.prose-blog` rules), so that what the editor allows never shows as bare body text: a
// table without borders, a code block without its box, an h4 like a paragraph. An element added
// to the allowlist fails here until it is styled, or named below with the reason it needs nothing.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BLOG_ALLOWLIST } from "~/lib/sanitize.server";

/** Elements whose look is the text around them, by design. */
const NEEDS_NO_RULE: Record<string, string> = {
  p: "body text: the body's own font and colour, spaced by the rule for blocks (.prose-blog > * + *)",
  br: "a line break has no box",
  dl: "its terms (dt) and definitions (dd) carry the look",
  span: "the sanitizer keeps no attribute on it: it has no meaning to show",
  tbody: "its rows and cells carry the table's look",
  tr: "its cells carry the table's look",
};

const css = readFileSync(new URL("../../app/app.css", import.meta.url), "utf8");
/** The selectors of the rules for the post's body. */
const proseSelectors = [...css.matchAll(/([^{}]+)\{/g)]
  .map((match) => match[1]!.replace(/\/\*[^]*?\*\//g, "").trim())
  .filter((selector) => selector.includes(".prose-blog"));

describe("the public post's styles", () => {
  it("style every element the sanitizer keeps", () => {
    const unstyled = BLOG_ALLOWLIST.tags.filter(
      (tag) => !(tag in NEEDS_NO_RULE) && !proseSelectors.some((selector) => new RegExp(`(^|[\\s,>+~(])${tag}(?![\\w-])`).test(selector)),
    );
    expect(unstyled).toEqual([]);
  });

  it("keep wide content inside the column: code blocks and tables scroll sideways, long words break", () => {
    const rule = (selector: string) => css.match(new RegExp(`(^|\\n)${selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\{([^}]*)\\}`))?.[2] ?? "";
    expect(rule(".prose-blog pre")).toMatch(/overflow-x: auto/);
    expect(rule(".prose-blog table")).toMatch(/overflow-x: auto/);
    expect(rule(".prose-blog table")).toMatch(/max-width: 100%/);
    expect(rule(".prose-blog")).toMatch(/overflow-wrap: anywhere/);
  });
});
