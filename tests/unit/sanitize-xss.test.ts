// An XSS corpus through the blog's allowlist sanitizer (used when a post is saved and
// again when it is rendered). Whatever goes in, nothing executable comes out: checked by parsing
// the output as a browser would, not by searching strings.
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { sanitizeBlogHtml } from "~/lib/sanitize.server";

const CORPUS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '<img src=x onerror="alert(1)">',
  "<img src=x oNeRrOr=alert(1)>",
  '<body onload="alert(1)">',
  '<p onclick="alert(1)" onmouseover=alert(1)>texto</p>',
  '<a href="javascript:alert(1)">link</a>',
  '<a href="  JaVaScRiPt:alert(1)">link</a>',
  '<a href="jav&#x09;ascript:alert(1)">link</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">link</a>',
  '<a href="vbscript:msgbox(1)">link</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload="alert(1)"><circle r="10"/></svg>',
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<p style="background:url(javascript:alert(1))">estilo</p>',
  '<div style="behavior:url(x.htc);-moz-binding:url(x.xml#x)">x</div>',
  '<link rel="stylesheet" href="//evil.example/x.css"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><button>ok</button></form>',
  '<input autofocus onfocus="alert(1)">',
  '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  '<video><source onerror="alert(1)"></video><audio src=x onerror=alert(1)>',
  "<p><b><i>aninhamento <u>malformado</b></i></p></u>",
  '<a href="https://exemplo.com.br" target="_self" onclick="alert(1)">legítimo</a>',
  "<!--<img src=x onerror=alert(1)>-->",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<template><script>alert(1)</script></template>",
  '<img src="https://exemplo.com.br/a.png" alt="ok" srcset="javascript:alert(1) 1x">',
];

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
