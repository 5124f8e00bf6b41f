// An XSS corpus through the blog's allowlist sanitizer (used when a post is saved and
// again when it is rendered). Whatever goes in, nothing executable comes out: checked by parsing
// the output as a browser would, not by searching strings.
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { sanitizeBlogHtml } from "~/lib/sanitize.server";
import { XSS_CORPUS as CORPUS } from "../helpers/blog-html-corpus";

const EXECUTABLE_TAGS = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "object",
  "embed",
  "svg",
  "math",
  "form",
  "input",
  "button",
  "link",
  "meta",
  "base",
  "template",
  "noscript",
  "audio",
  "video",
  "source",
  "details",
]);
const URL_ATTRIBUTES = new Set(["href", "src", "srcset", "action", "formaction", "xlink:href", "data", "poster", "background"]);

/** Everything executable a browser would find in `html`. */
function executableParts(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (EXECUTABLE_TAGS.has(name)) found.push(`<${name}>`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute.startsWith("on")) found.push(`${name}[${attribute}]`);
          if (attribute === "style") found.push(`${name}[style]`);
          const scheme = value.replace(/[\p{Cc} ]/gu, "").toLowerCase();
          if (URL_ATTRIBUTES.has(attribute) && /^(javascript|data|vbscript):/.test(scheme)) found.push(`${name}[${attribute}=${value}]`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

describe("blog HTML sanitizing against an XSS corpus", () => {
  it.each(CORPUS)("leaves nothing executable in %s", (input) => {
    const once = sanitizeBlogHtml(input);
    expect(executableParts(once)).toEqual([]);
    // Rendering sanitizes the saved HTML again: the second pass is stable and still clean.
    expect(sanitizeBlogHtml(once)).toBe(once);
  });

  it("the checker itself sees the attacks in the raw corpus", () => {
    const raw = CORPUS.filter((input) => executableParts(input).length > 0);
    expect(raw.length).toBeGreaterThan(CORPUS.length - 6);
  });

  it("keeps the content people write", () => {
    const html = sanitizeBlogHtml(
      '<h2>Título</h2><p>Texto com <strong>negrito</strong> e <a href="https://exemplo.com.br">um link</a>.</p><ul><li>item</li></ul>',
    );
    expect(html).toContain("<h2>Título</h2>");
    expect(html).toContain("<strong>negrito</strong>");
    expect(html).toContain('href="https://exemplo.com.br"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain("<li>item</li>");
  });
});
