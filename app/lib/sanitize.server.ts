// Blog HTML is sanitized with an allowlist when saved and again when rendered. On the page, an
// image from another site is shown through the image route (/img), which fetches, checks and
// re-encodes it: the Content-Security-Policy lets the page load images only from our origin and
// our store. The stored HTML keeps the address the author wrote.
//
// Nothing is taken away silently: the save's sanitizing (sanitizeBlogHtmlWithReport) also says
// what it removed or changed, by kind (inline styles, comments, scripts...), so the admin can tell
// the editor in words. What is kept when it is safe on a public page, instead of being dropped:
// - a level-1 heading becomes a level-2 one (the post page's own title is its only h1);
// - headings keep their id, so in-page links (`<a href="#secao">`) keep working. An id is kept as
//   written when it is letters, digits, "-" and "_" starting with a letter (up to 64 characters);
//   any other id is rewritten to that shape (accents dropped, other characters as "-"), and an id
//   that another heading of the post took first, or that the site's own page uses (SITE_IDS:
//   the skip link's target, the footer, the chat opened by its #chat address...), gets a number
//   ("chat-2"). The post's in-page links follow their heading's new id. An old-style anchor inside
//   a heading (`<h2><a name="secao">`, as word processors write them) becomes the heading's id.
import sanitize from "sanitize-html";
import { imageUrl, isResizable } from "./media/image-url.ts";
import { slugify } from "./slugify.ts";
import { EMBED_HOSTS, isVideoEmbed } from "./video-embed.ts";

const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "mark",
  "small",
  "sub",
  "sup",
  "blockquote",
  "q",
  "cite",
  "code",
  "pre",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "span",
  "div",
  "iframe",
];

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "title", "width", "height", "loading"],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
  ol: ["start", "reversed"],
  iframe: ["src", "title", "allowfullscreen", "loading"],
  h2: ["id"],
  h3: ["id"],
  h4: ["id"],
  h5: ["id"],
  h6: ["id"],
};

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/**
 * Ids the site's own pages have around a post (its public page and the admin's preview): a
 * heading of the post never takes one of them, or the skip link, the footer link or the chat
 * (opened by its #chat address without JavaScript) would land on the post's heading. A browser
 * test collects the ids of both pages and checks they are all here.
 */
export const SITE_IDS: ReadonlySet<string> = new Set(["conteudo", "rodape", "chat", "chat-titulo", "chat-fechado", "aviso-cookies"]);

const ID_SHAPE = /^[A-Za-z][\w-]{0,63}$/;

/** What the sanitizer took away or changed, by kind (the admin tells the editor in words: SANITIZE_NOTES). */
export const SANITIZE_CHANGES = [
  "titulo-principal",
  "ancora-ajustada",
  "ancora-removida",
  "estilo",
  "bloco-de-estilo",
  "classe",
  "comentario",
  "script",
  "link",
  "imagem-embutida",
  "imagem",
  "incorporado",
  "formulario",
  "marcacao",
  "atributo",
] as const;
export type SanitizeChange = (typeof SANITIZE_CHANGES)[number];

/** Each change in words, with its reason: what the editor reads after the save. */
export const SANITIZE_NOTES: Record<SanitizeChange, string> = {
  "titulo-principal": "Os títulos principais (nível 1) viraram títulos de seção (nível 2): na página do post, o título principal é o título do post.",
  "ancora-ajustada":
    "As âncoras de alguns títulos foram ajustadas (só letras sem acento, números, hífen e sublinhado, sem repetir as do próprio post ou as do site); os links internos do post seguem a nova âncora.",
  "ancora-removida": "As âncoras fora dos títulos foram removidas: só títulos podem ser destino de links internos (#).",
  estilo: "O estilo em linha (cores, fontes, tamanhos) foi removido: os posts seguem o visual do site.",
  "bloco-de-estilo": "Os blocos de estilo colados no HTML foram removidos: os posts seguem o visual do site.",
  classe: "As classes foram removidas: não têm efeito nos posts, que seguem o visual do site.",
  comentario: "Os comentários do HTML foram removidos: eles não aparecem para os leitores.",
  script: "Os scripts e o código que reage a cliques e outros eventos foram removidos, por segurança.",
  link: "Links com endereço não permitido viraram texto simples: só valem endereços da web (https://), de e-mail, de telefone, do próprio site e âncoras (#).",
  "imagem-embutida": "As imagens coladas dentro do HTML (endereços data:) foram removidas: envie-as pela biblioteca de mídia.",
  imagem: "Imagens sem um endereço da web válido (https://) foram removidas.",
  incorporado: "O conteúdo incorporado de outros sites foi removido: só vídeos do YouTube e do Vimeo podem ser incorporados.",
  formulario: "Os campos e botões de formulário foram removidos, com o texto de dentro deles: um post não envia formulários.",
  marcacao: "Marcações sem efeito nos posts (seções, fontes, alinhamentos e semelhantes) foram retiradas; o texto delas foi mantido.",
  atributo: "Outros atributos sem efeito nos posts (tamanhos, bordas, alinhamentos, dados de outros editores) foram removidos.",
};

/** The notes for `changes`, in the order of SANITIZE_CHANGES. */
export function sanitizeNotes(changes: Iterable<SanitizeChange>): string[] {
  const set = new Set(changes);
  return SANITIZE_CHANGES.filter((change) => set.has(change)).map((change) => SANITIZE_NOTES[change]);
}

/** Reads a list of change codes (as a URL carries them), ignoring anything else. */
export function parseSanitizeChanges(text: string | null | undefined): SanitizeChange[] {
  const known = new Set<string>(SANITIZE_CHANGES);
  return [...new Set((text ?? "").split(/[\s,]+/).filter((code): code is SanitizeChange => known.has(code)))];
}

/** Elements that go away, by kind; any other element not in the allowlist is "marcacao" (its text stays). */
const TAG_KINDS: Record<string, SanitizeChange> = {
  script: "script",
  noscript: "script",
  template: "script",
  style: "bloco-de-estilo",
  link: "bloco-de-estilo",
  iframe: "incorporado",
  frame: "incorporado",
  frameset: "incorporado",
  object: "incorporado",
  embed: "incorporado",
  applet: "incorporado",
  param: "incorporado",
  video: "incorporado",
  audio: "incorporado",
  source: "incorporado",
  track: "incorporado",
  picture: "incorporado",
  canvas: "incorporado",
  svg: "incorporado",
  math: "incorporado",
  form: "formulario",
  input: "formulario",
  button: "formulario",
  select: "formulario",
  option: "formulario",
  optgroup: "formulario",
  textarea: "formulario",
  label: "formulario",
  fieldset: "formulario",
  legend: "formulario",
  datalist: "formulario",
  output: "formulario",
};

/** Attributes the sanitizer sets itself from its own rules (a link's target and rel, lazy loading): never reported. */
const POLICY_ATTRIBUTES = new Set(["a:target", "a:rel", "img:loading", "iframe:loading"]);

/**
 * Whether a URL is one the allowlist keeps (sanitize-html's own rule, written out so a removal is
 * known, and reported, when it happens): control characters and spaces are ignored, an address
 * without a scheme must not start with `//` (another site), and a scheme must be in `schemes`.
 */
function allowedUrl(value: string, schemes: readonly string[]): boolean {
  const href = withoutControls(value).replace(/<!--.*?-->/g, "");
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(href);
  if (!scheme) return !/^[/\\]{2}/.test(href) && !/^\/\\/.test(href);
  return schemes.includes(scheme[1]!.toLowerCase());
}

/** The URL without control characters and spaces, which browsers skip when they read a scheme. */
function withoutControls(value: string): string {
  return value.replace(/[\p{Cc} ]+/gu, "");
}

const LINK_SCHEMES = ["http", "https", "mailto", "tel"];
const IMAGE_SCHEMES = ["http", "https"];

/** A URL whose scheme runs code in the page (reported as a script, not as a bad link). */
function isScriptUrl(value: string): boolean {
  return /^(javascript|vbscript|data:text\/html)/i.test(withoutControls(value));
}

/** The fragment of an in-page link (`#secao`), decoded as the browser matches it, or null. */
function fragmentOf(href: string): string | null {
  if (!href.startsWith("#") || href.length < 2) return null;
  try {
    return decodeURIComponent(href.slice(1));
  } catch {
    return href.slice(1);
  }
}

/** The id an anchor target can keep: as written when it has the safe shape, else rewritten to it ("" when nothing is left). */
function idShape(raw: string): string {
  if (ID_SHAPE.test(raw)) return raw;
  const slug = slugify(raw.replace(/[._:]/g, "-")).slice(0, 64).replace(/-+$/, "");
  if (!slug) return "";
  return /^[a-z]/.test(slug) ? slug : `secao-${slug}`.slice(0, 64);
}

interface HeadingPlan {
  /** The id as written on the heading (or on the old-style anchor inside it), if any. */
  raw: string | null;
  /** The id it gets (null: none). */
  id: string | null;
}

/** The headings' ids, decided before the sanitizing pass: a link may come before the heading it names. */
interface IdPlan {
  /** By heading, in document order (h1 to h6). */
  headings: HeadingPlan[];
  /** The anchors whose id moved to their heading, by their place among the document's tags (in order of opening). */
  lifted: Set<number>;
  /** An in-page link's fragment as written → the id of the first heading that had it. */
  targets: Map<string, string>;
  /** Ids written on other elements (they are not kept): a link to one no longer leads anywhere. */
  otherIds: Set<string>;
}

/** Parsing as sanitize-html parses, keeping every tag and attribute: for looking, not for output. */
const KEEP_ALL: sanitize.IOptions = { allowedTags: false, allowedAttributes: false, allowVulnerableTags: true };

function planIds(html: string): IdPlan {
  const headings: Array<HeadingPlan & { open: boolean }> = [];
  const lifted = new Set<number>();
  const otherIds = new Set<string>();
  let sequence = 0;
  let openHeading: (HeadingPlan & { open: boolean }) | null = null;
  sanitize(html, {
    ...KEEP_ALL,
    onOpenTag: (name, attribs) => {
      const seq = sequence++;
      if (HEADINGS.has(name)) {
        openHeading = { raw: attribs.id?.trim() || null, id: null, open: true };
        headings.push(openHeading);
        return;
      }
      const anchor = (attribs.id ?? (name === "a" ? attribs.name : undefined))?.trim();
      if (!anchor) return;
      if (openHeading?.open && !openHeading.raw && name === "a" && !attribs.href) {
        openHeading.raw = anchor;
        lifted.add(seq);
      } else otherIds.add(anchor);
    },
    onCloseTag: (name) => {
      if (HEADINGS.has(name) && openHeading) openHeading.open = false;
    },
  });
  const used = new Set(SITE_IDS);
  const targets = new Map<string, string>();
  for (const heading of headings) {
    if (!heading.raw) continue;
    const base = idShape(heading.raw);
    if (!base) continue;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    heading.id = id;
    if (!targets.has(heading.raw)) targets.set(heading.raw, id);
  }
  return { headings, lifted, targets, otherIds };
}

interface PassHooks {
  /** What the page does to each kept image's attributes (the image route, the library's alt text). */
  image?: (attribs: sanitize.Attributes) => sanitize.Attributes;
}

/** One sanitizing pass: the allowlist's options, with `changes` collecting what it takes away. */
function passOptions(plan: IdPlan, changes: Set<SanitizeChange>, hooks: PassHooks = {}): sanitize.IOptions {
  let sequence = 0;
  let current = -1;
  let headings = 0;
  let heading = -1;
  const transform = (tagName: string, attribs: sanitize.Attributes): sanitize.Tag => {
    let name = tagName;
    if (name === "h1") {
      changes.add("titulo-principal");
      name = "h2";
    }
    if (!ALLOWED_TAGS.includes(name)) {
      changes.add(TAG_KINDS[name] ?? "marcacao");
      return { tagName: name, attribs: {} };
    }
    const allowed = ALLOWED_ATTRIBUTES[name] ?? [];
    const kept: sanitize.Attributes = {};
    for (const [attribute, value] of Object.entries(attribs)) {
      if (allowed.includes(attribute) && attribute !== "id") kept[attribute] = value;
      else if (attribute === "id" || (name === "a" && attribute === "name")) {
        // A heading's id is the plan's; an old-style anchor's moved to its heading.
        if (value.trim() && !HEADINGS.has(tagName) && !plan.lifted.has(current)) changes.add("ancora-removida");
      } else if (attribute === "style") changes.add("estilo");
      else if (attribute === "class") changes.add("classe");
      else if (/^on/i.test(attribute)) changes.add("script");
      else if (!POLICY_ATTRIBUTES.has(`${name}:${attribute}`)) changes.add("atributo");
    }
    if (HEADINGS.has(name)) {
      const planned = plan.headings[heading];
      if (planned?.raw && planned.id !== planned.raw) changes.add(planned.id ? "ancora-ajustada" : "ancora-removida");
      if (planned?.id) kept.id = planned.id;
      return { tagName: name, attribs: kept };
    }
    if (name === "a") return linkTag(kept, plan, changes);
    if (name === "img") {
      const src = kept.src ?? "";
      if (!src || !allowedUrl(src, IMAGE_SCHEMES)) {
        changes.add(/^\s*data:/i.test(src) ? "imagem-embutida" : isScriptUrl(src) ? "script" : "imagem");
        return { tagName: name, attribs: {} };
      }
      const image = { ...kept, loading: "lazy" };
      return { tagName: name, attribs: hooks.image ? hooks.image(image) : image };
    }
    if (name === "iframe" && !isVideoEmbed(kept.src ?? "")) changes.add(isScriptUrl(kept.src ?? "") ? "script" : "incorporado");
    return { tagName: name, attribs: kept };
  };
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: LINK_SCHEMES,
    allowedSchemesByTag: { img: IMAGE_SCHEMES },
    allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
    allowProtocolRelative: false,
    // Embedded videos: only YouTube's and Vimeo's players (see video-embed.ts), never other pages.
    allowedIframeHostnames: EMBED_HOSTS,
    allowIframeRelativeUrls: false,
    disallowedTagsMode: "discard",
    // Counts every tag as the plan did (onOpenTag sees each one, even inside a discarded script).
    onOpenTag: (name) => {
      current = sequence++;
      if (HEADINGS.has(name)) heading = headings++;
    },
    transformTags: { "*": transform },
    // What the transform left without an address goes: a link keeps its text, an image or a
    // frame goes whole (a frame's inner text is only what browsers without frames show).
    exclusiveFilter: (frame) => {
      if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
      return (frame.tag === "img" && !frame.attribs.src) || (frame.tag === "iframe" && !isVideoEmbed(frame.attribs.src ?? ""));
    },
  };
}

/**
 * A link: an external one opens in a new tab without passing our page on; an in-page one follows
 * its heading's id. A link whose address is not allowed, and an anchor without an address, keep
 * their text and lose the link.
 */
function linkTag(attribs: sanitize.Attributes, plan: IdPlan, changes: Set<SanitizeChange>): sanitize.Tag {
  const href = attribs.href ?? "";
  if (!href || !allowedUrl(href, LINK_SCHEMES)) {
    if (href) changes.add(isScriptUrl(href) ? "script" : "link");
    return { tagName: "a", attribs: {} };
  }
  const fragment = fragmentOf(href);
  if (fragment !== null) {
    const target = plan.targets.get(fragment);
    if (target) return { tagName: "a", attribs: { ...attribs, href: `#${target}`, target: "", rel: "" } };
    if (plan.otherIds.has(fragment)) changes.add("ancora-removida");
  }
  const external = /^https?:\/\//i.test(href);
  return { tagName: "a", attribs: external ? { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } : { ...attribs, target: "", rel: "" } };
}

/** The elements and attributes kept (tests check that the content field keeps each of them). */
export const BLOG_ALLOWLIST = { tags: ALLOWED_TAGS, attributes: ALLOWED_ATTRIBUTES };

export interface SanitizedHtml {
  html: string;
  /** What was taken away or changed, in the order of SANITIZE_CHANGES (empty: kept as written). */
  changes: SanitizeChange[];
}

function run(html: string, hooks?: PassHooks): SanitizedHtml {
  const changes = new Set<SanitizeChange>();
  // Comments (and CDATA sections, which HTML reads as comments) never reach the output.
  if (/<!--|<!\[CDATA\[/.test(html)) changes.add("comentario");
  const output = sanitize(html, passOptions(planIds(html), changes, hooks));
  return { html: output, changes: SANITIZE_CHANGES.filter((change) => changes.has(change)) };
}

/** Whether sanitized HTML shows nothing at all (no text, no image, video or rule): a blank post. */
export function isBlankHtml(html: string): boolean {
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "") === "" && !/<(img|iframe|hr)\b/.test(html);
}

/** The HTML as a post stores it, and what the allowlist took away (for the editor's notice). */
export function sanitizeBlogHtmlWithReport(html: string): SanitizedHtml {
  return run(html);
}

export function sanitizeBlogHtml(html: string): string {
  return run(html).html;
}

/**
 * A blog post's HTML as the page shows it: sanitized, images through the image route. An image
 * written without alt text gets the media library's (`alts`, by the address as written), if any.
 */
export function blogHtmlForPage(html: string, alts?: ReadonlyMap<string, string>): string {
  return run(html, {
    image: (attribs) => {
      const src = attribs.src ?? "";
      const alt = attribs.alt?.trim() ? attribs.alt : (alts?.get(src) ?? attribs.alt);
      return { ...attribs, ...(alt === undefined ? {} : { alt }), src: isResizable(src) ? imageUrl(src, 1280) : src };
    },
  }).html;
}

/** The addresses of a post's images exactly as blogHtmlForPage reads them (the image route serves only what content shows). */
export function blogImageSources(html: string): string[] {
  const sources: string[] = [];
  run(html, {
    image: (attribs) => {
      if (attribs.src) sources.push(attribs.src);
      return attribs;
    },
  });
  return sources;
}
