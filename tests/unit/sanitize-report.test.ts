// What the blog's sanitizer keeps that a public page can safely show (a level-1 heading as level
// 2, heading ids for in-page links, tables, nested lists, code blocks), and that it says what it
// took away: whenever an element, an attribute or a piece of text of the input is missing from
// the output, the report names a change, in Portuguese words (never a tag name).
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import {
  blogHtmlForPage,
  parseSanitizeChanges,
  SANITIZE_CHANGES,
  SANITIZE_NOTES,
  sanitizeBlogHtml,
  sanitizeBlogHtmlWithReport,
  sanitizeNotes,
  SITE_IDS,
} from "~/lib/sanitize.server";
import { BLOG_HTML_CORPUS, XSS_CORPUS } from "../helpers/blog-html-corpus";

const report = (html: string) => sanitizeBlogHtmlWithReport(html);

/** What a page shows of `html`: its elements and attributes (as `tag[attribute]`) and its words. */
function parts(html: string): { elements: string[]; words: string[] } {
  const elements: string[] = [];
  const words: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        // The sanitizer's own link and loading policy, and the heading level it changes, are not losses.
        const tag = name === "h1" ? "h2" : name;
        elements.push(tag);
        for (const attribute of Object.keys(attributes)) {
          if (["target", "rel", "loading"].includes(attribute)) continue;
          elements.push(`${tag}[${attribute}]`);
        }
      },
      ontext(text) {
        words.push(...text.split(/\s+/).filter(Boolean));
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { elements, words };
}

/** What of `input` the output lacks (a multiset difference of elements, attributes and words). */
function lost(input: string, output: string): string[] {
  const before = parts(input);
  const after = parts(output);
  const missing: string[] = [];
  for (const key of ["elements", "words"] as const) {
    const left = [...after[key]];
    for (const item of before[key]) {
      const at = left.indexOf(item);
      if (at === -1) missing.push(item);
      else left.splice(at, 1);
    }
  }
  return missing;
}

/** Pasted from word processors, other blogs and page builders. */
const PASTED = [
  '<h1 style="color:#333" class="titulo">Guia completo</h1><p class="MsoNormal"><span style="font-size:12pt">Texto</span></p>',
  "<!--[if gte mso 9]><xml><o:OfficeDocumentSettings/></xml><![endif]--><p>Texto do Word<o:p></o:p></p>",
  '<h2><a name="_Toc123"></a>Introdução</h2><p><a href="#_Toc123">Voltar</a></p>',
  '<h2 id="h.abc123">Do Google Docs</h2><p><a href="#h.abc123">ir</a></p>',
  '<style>.x{color:red}</style><div class="wp-block-group"><p style="text-align:center">centro</p></div>',
  '<p><font face="Arial" color="red">antigo</font> <center>centro</center></p>',
  '<section data-id="5"><article><header><h3>Bloco</h3></header></article></section>',
  '<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" frameborder="0" allow="autoplay" allowfullscreen></iframe>',
  '<iframe src="https://maps.google.com/embed?x=1">mapa</iframe>',
  '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="colada"></p>',
  '<p><a href="ftp://arquivos.example/a.zip">arquivo</a> e <a name="solta">âncora</a></p>',
  '<form action="/x"><label>Nome <input name="n"></label><textarea>texto do campo</textarea><button>Enviar</button></form>',
  '<table border="1" style="width:100%"><tr><td align="center" bgcolor="#eee">a</td></tr></table>',
  '<p id="nota-1">Uma nota</p><p><a href="#nota-1">ver nota</a></p>',
];

describe("what the blog keeps", () => {
  it("a level-1 heading becomes level 2, keeping its id and text, and says so", () => {
    const { html, changes } = report('<h1 id="inicio">Começo</h1><p><a href="#inicio">topo</a></p>');
    expect(html).toBe('<h2 id="inicio">Começo</h2><p><a href="#inicio">topo</a></p>');
    expect(changes).toEqual(["titulo-principal"]);
  });

  it("keeps heading ids of the safe shape as written, so in-page links keep working", () => {
    const html = '<p><a href="#passo-2">Ir</a></p><h2 id="Passo_1">Um</h2><h3 id="passo-2">Dois</h3><h6 id="x">Fim</h6>';
    expect(report(html)).toEqual({ html, changes: [] });
  });

  it("rewrites other ids to the safe shape, and the post's links follow them", () => {
    const { html, changes } = report(
      '<p><a href="#Seção 1">um</a> <a href="#Se%C3%A7%C3%A3o%202">dois</a> <a href="#_Toc9">três</a></p>' +
        '<h2 id="Seção 1">Um</h2><h2 id="Seção 2">Dois</h2><h2 id="_Toc9">Três</h2><h2 id="  ">Vazio</h2><h2 id="2024">Ano</h2>',
    );
    expect(html).toBe(
      '<p><a href="#secao-1">um</a> <a href="#secao-2">dois</a> <a href="#toc9">três</a></p>' +
        '<h2 id="secao-1">Um</h2><h2 id="secao-2">Dois</h2><h2 id="toc9">Três</h2><h2>Vazio</h2><h2 id="secao-2024">Ano</h2>',
    );
    expect(changes).toEqual(["ancora-ajustada"]);
    expect(html).not.toMatch(/id="[^"]*[^\w"-][^"]*"/);
  });

  it("never gives a heading an id the site's page uses, nor one another heading has", () => {
    const headings = [...SITE_IDS].map((id) => `<h2 id="${id}">${id}</h2>`).join("");
    const { html, changes } = report(`${headings}<h3 id="dup">a</h3><h3 id="dup">b</h3><p><a href="#chat">link</a></p>`);
    for (const id of SITE_IDS) expect(html).toContain(`<h2 id="${id}-2">${id}</h2>`);
    expect(html).toContain('<h3 id="dup">a</h3><h3 id="dup-2">b</h3>');
    // The post's own link to its "chat" heading goes to that heading, not to the site's chat.
    expect(html).toContain('<a href="#chat-2">link</a>');
    expect(changes).toEqual(["ancora-ajustada"]);
  });

  it("an old-style anchor inside a heading becomes the heading's id", () => {
    const { html, changes } = report('<h2><a name="secao"></a>Seção</h2><h3><a id="outra">Outra</a></h3><p><a href="#secao">ir</a></p>');
    expect(html).toBe('<h2 id="secao">Seção</h2><h3 id="outra">Outra</h3><p><a href="#secao">ir</a></p>');
    expect(changes).toEqual([]);
  });

  it("keeps tables, nested lists, code blocks and h2 to h6 with ids unchanged and unreported", () => {
    const html =
      "<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>" +
      "<ol><li>Um<ul><li>Dois<ol><li>Três</li></ol></li></ul></li></ol>" +
      "<pre><code>if (a &lt; b) {\n  return;\n}</code></pre>" +
      '<h2 id="a">2</h2><h3 id="b">3</h3><h4 id="c">4</h4><h5 id="d">5</h5><h6 id="e">6</h6>';
    expect(report(html)).toEqual({ html, changes: [] });
  });

  it("stores the whole corpus of the content field as written, with nothing to report", () => {
    for (const piece of BLOG_HTML_CORPUS) expect(report(piece.html), piece.name).toEqual({ html: piece.html, changes: [] });
  });

  it("the page keeps the ids too (it sanitizes again when rendering)", () => {
    const stored = sanitizeBlogHtml('<h1 id="Início">Começo</h1><p><a href="#Início">topo</a></p>');
    expect(blogHtmlForPage(stored)).toBe('<h2 id="inicio">Começo</h2><p><a href="#inicio">topo</a></p>');
  });
});

describe("what the blog takes away is reported", () => {
  it.each([
    ['<p style="color:red">x</p>', ["estilo"]],
    ['<p class="destaque">x</p>', ["classe"]],
    ["<p>x</p><!-- nota interna -->", ["comentario"]],
    ["<style>p{color:red}</style><p>x</p>", ["bloco-de-estilo"]],
    ['<p onclick="go()">x</p><script>go()</script>', ["script"]],
    ['<a href="javascript:go()">x</a>', ["script"]],
    ['<a href="ftp://exemplo.com/a">x</a>', ["link"]],
    ['<img src="data:image/png;base64,AAAA">', ["imagem-embutida"]],
    ['<img src="ftp://exemplo.com/a.png">', ["imagem"]],
    ['<iframe src="https://exemplo.com/pagina"></iframe>', ["incorporado"]],
    ["<form><input><button>Ok</button></form>", ["formulario"]],
    ["<section><p>x</p></section>", ["marcacao"]],
    ['<p dir="ltr" data-x="1">x</p>', ["atributo"]],
    ['<p id="nota">x</p>', ["ancora-removida"]],
  ])("%s → %j", (html, changes) => {
    expect(report(html).changes).toEqual(changes);
  });

  it("keeps a link's text when its address is refused, and an anchor's text when it has none", () => {
    expect(sanitizeBlogHtml('<p><a href="ftp://x.example/a">arquivo</a> e <a name="solta">âncora</a></p>')).toBe("<p>arquivo e âncora</p>");
  });

  it.each([...PASTED, ...XSS_CORPUS])("reports a change whenever something is lost: %s", (input) => {
    const { html, changes } = report(input);
    if (lost(input, html).length > 0) expect(changes.length, `${lost(input, html).join(", ")} lost`).toBeGreaterThan(0);
    // Sanitizing again (when the page renders) changes nothing more and reports nothing.
    expect(report(html)).toEqual({ html, changes: [] });
  });

  it("every pasted sample above loses something, and says it", () => {
    for (const input of PASTED) expect(report(input).changes.length, input).toBeGreaterThan(0);
  });

  it("words every change in Portuguese, with its reason, and without tag names", () => {
    for (const change of SANITIZE_CHANGES) {
      const note = SANITIZE_NOTES[change];
      expect(note, change).toMatch(/[.:;]/);
      expect(note, change).not.toMatch(/<|\b(h1|h2|style|class|script|iframe|img|div|span)\b/i);
    }
    expect(sanitizeNotes(["comentario", "estilo"])).toEqual([SANITIZE_NOTES.estilo, SANITIZE_NOTES.comentario]);
  });

  it("reads its codes back from a URL, ignoring anything else", () => {
    expect(parseSanitizeChanges("estilo,comentario,<script>,estilo")).toEqual(["estilo", "comentario"]);
    expect(parseSanitizeChanges(null)).toEqual([]);
  });
});
