// The blog content's "Visual" view (Tiptap), loaded only on the blog's admin page and only with
// JavaScript. The HTML textarea named `content` is the field: this view edits its HTML and writes
// every change back into it, so the form posts `content` exactly as without JavaScript and the
// server's sanitizer stays the only judge of what is kept.
//
// Loss-free by construction: before it opens, `visualRefusal` reads the HTML into the editor and
// writes it back; if anything the author wrote would come out different (something the editor has
// no place for, such as a definition list or an image with a caption), the view refuses to open,
// says in words what and what to do instead, and the author stays in HTML with nothing changed.
// What it does keep: paragraphs, h2–h6, bold, italic, underline, strikethrough, inline code, code
// blocks, rules, lists (lists inside lists too), quotes, tables (header and footer rows, cells
// spanning rows or columns, the caption), links, images, YouTube/Vimeo players and the small inline
// marks below. What it writes back has one block per line, as a person would lay the HTML out.
import { Editor, EditorContent, Extension, Mark, Node, useEditor, useEditorState, type Editor as EditorType, type JSONContent } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { Blockquote } from "@tiptap/extension-blockquote";
import { ListItem, OrderedList } from "@tiptap/extension-list";
import Link from "@tiptap/extension-link";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import { NodeSelection, TextSelection } from "@tiptap/pm/state";
import { fixTables } from "@tiptap/pm/tables";
import type { DOMOutputSpec } from "@tiptap/pm/model";
import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent, type RefObject } from "react";
import { createPortal, flushSync } from "react-dom";
import { MediaPicker } from "./media-picker";
import { Dialog } from "~/components/ui/dialog";
import { ImageUploadButton, uploadedImageContent } from "./media-upload";
import { previewSrc } from "~/lib/media/image-url";
import { isVideoEmbed, videoEmbedUrl } from "~/lib/video-embed";

/** A YouTube or Vimeo player: an iframe whose address is one of the embed players (its other attributes kept as written). */
const VideoEmbed = Node.create({
  name: "videoEmbed",
  group: "block",
  atom: true,
  addAttributes() {
    return { src: { default: null }, title: { default: null }, allowfullscreen: { default: null }, loading: { default: null } };
  },
  parseHTML() {
    return [{ tag: "iframe[src]", getAttrs: (element) => (isVideoEmbed(element.getAttribute("src") ?? "") ? null : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["iframe", HTMLAttributes];
  },
});

/**
 * An image as written, shown inside the editor the way the site shows it: an image on another
 * site through the image route (the admin's Content-Security-Policy, like the site's, loads images
 * only from our origin and our store), while the HTML keeps the address the author wrote.
 */
const BlogImage = Image.extend({
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement("img");
      const attrs = node.attrs as Record<string, string | null>;
      img.src = previewSrc(attrs.src ?? "");
      for (const name of ["alt", "title", "width", "height"])
        if (attrs[name] !== null && attrs[name] !== undefined) img.setAttribute(name, String(attrs[name]));
      img.setAttribute("data-src", attrs.src ?? "");
      return { dom: img };
    };
  },
});

/**
 * A list item, quote or table cell whose text was written without a paragraph around it
 * (`<li>texto</li>`, `<li>texto<ul>…</ul></li>`, `<td>A</td>`) is written back the same way: the
 * editor holds that text in a paragraph, and the paragraph is left out again when writing.
 */
const bareAttribute = {
  bare: {
    default: false,
    parseHTML: (element: HTMLElement) => {
      const first = Array.from(element.childNodes).find((child) => !(child.nodeType === 3 && !(child.textContent ?? "").trim()));
      return !(first instanceof Element && BLOCK_TAGS.has(first.tagName.toLowerCase()));
    },
    renderHTML: (attributes: Record<string, unknown>) => (attributes.bare ? { "data-bare": "" } : {}),
  },
};
const BareListItem = ListItem.extend({
  addAttributes() {
    return { ...this.parent?.(), ...bareAttribute };
  },
});
const BareBlockquote = Blockquote.extend({
  addAttributes() {
    return { ...this.parent?.(), ...bareAttribute };
  },
});

/**
 * Tables as the sanitizer keeps them. The editor holds a table as rows of cells; what it would
 * otherwise lose is kept in attributes and written back by htmlOf: which rows were the header
 * (`thead`) and the footer (`tfoot`), the caption, a header cell's `scope`, and a span written as
 * `colspan="1"` (the editor leaves a span of one out).
 */
const spansAttribute = {
  writtenSpans: {
    default: null,
    parseHTML: (element: HTMLElement) => ["colspan", "rowspan"].filter((name) => element.hasAttribute(name)).join(" ") || null,
    renderHTML: (attributes: Record<string, unknown>) => (attributes.writtenSpans ? { "data-spans": attributes.writtenSpans } : {}),
  },
};
const BlogTableCell = TableCell.extend({
  addAttributes() {
    return { ...this.parent?.(), ...bareAttribute, ...spansAttribute };
  },
});
const BlogTableHeader = TableHeader.extend({
  addAttributes() {
    return { ...this.parent?.(), ...bareAttribute, ...spansAttribute, scope: { default: null } };
  },
});
const BlogTableRow = TableRow.extend({
  addAttributes() {
    return {
      section: {
        default: "tbody",
        parseHTML: (element: HTMLElement) => {
          const section = element.parentElement?.tagName.toLowerCase();
          return section === "thead" || section === "tfoot" ? section : "tbody";
        },
        renderHTML: (attributes: Record<string, unknown>) => (attributes.section === "tbody" ? {} : { "data-section": attributes.section }),
      },
    };
  },
});
const BlogTable = Table.extend({
  addAttributes() {
    return {
      // The caption's HTML, shown in the editor as text it does not edit.
      caption: {
        default: null,
        parseHTML: (element: HTMLElement) => element.querySelector(":scope > caption")?.innerHTML ?? null,
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    // The caption is the table's attribute, not text of its cells.
    return [{ tag: "table" }, { tag: "caption", ignore: true }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const caption = node.attrs.caption as string | null;
    const template = document.createElement("template");
    template.innerHTML = caption ?? "";
    const captionSpec: DOMOutputSpec[] =
      caption === null ? [] : [["caption", { "data-caption": caption, contenteditable: "false" }, template.content.textContent ?? ""]];
    // No column sizes or inline style: the site's style sheet lays tables out.
    return ["table", HTMLAttributes, ...captionSpec, ["tbody", 0]];
  },
}).configure({ View: null });

/** A heading keeps its id (the target of in-page links, `<a href="#secao">`). */
const HeadingIds = Extension.create({
  name: "headingIds",
  addGlobalAttributes() {
    // A heading split in two keeps the id in its first half only (ids are unique in a page).
    return [{ types: ["heading"], attributes: { id: { default: null, keepOnSplit: false } } }];
  },
});

/** A numbered list counting down (`<ol reversed>`) stays one. */
const BlogOrderedList = OrderedList.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      reversed: {
        default: false,
        parseHTML: (element: HTMLElement) => element.hasAttribute("reversed"),
        renderHTML: (attributes: Record<string, unknown>) => (attributes.reversed ? { reversed: "" } : {}),
      },
    };
  },
});

/** Links keep their title; target and rel are the sanitizer's (it sets them from the address). */
const BlogLink = Link.extend({
  addAttributes() {
    return { ...this.parent?.(), title: { default: null } };
  },
});

/** Inline elements the sanitizer allows, each kept as the same element with no attributes. */
const simpleMarks = ["mark", "small", "sub", "sup", "q", "cite", "span"].map((tag) =>
  Mark.create({ name: `inline_${tag}`, parseHTML: () => [{ tag }], renderHTML: () => [tag, 0] }),
);

const BLOCK_TAGS = new Set(
  "p h1 h2 h3 h4 h5 h6 ul ol li dl dt dd blockquote pre hr table thead tbody tfoot tr th td caption figure figcaption div img iframe".split(" "),
);

const extensions = [
  StarterKit.configure({
    // The post's title is the page's h1; sections start at h2.
    heading: { levels: [2, 3, 4, 5, 6] },
    link: false,
    listItem: false,
    orderedList: false,
    blockquote: false,
    // An empty paragraph added after a last heading or image would change what was written.
    trailingNode: false,
  }),
  // No autolink: an edit next to an address written as text must not turn it into a link.
  BlogLink.configure({ openOnClick: false, autolink: false, protocols: ["http", "https", "mailto", "tel"], HTMLAttributes: { target: null, rel: null } }),
  HeadingIds,
  BareListItem,
  BlogOrderedList,
  BareBlockquote,
  BlogImage.configure({ HTMLAttributes: { loading: "lazy" } }),
  VideoEmbed,
  BlogTable,
  BlogTableRow,
  BlogTableHeader,
  BlogTableCell,
  ...simpleMarks,
];

/** Attributes in the order authors (and the sanitizer's allowlist) write them, not the editor's. */
const ATTRIBUTE_ORDER: Record<string, string[]> = {
  A: ["href", "title", "target", "rel"],
  IMG: ["src", "alt", "title", "width", "height", "loading"],
  TH: ["scope", "colspan", "rowspan"],
  TD: ["colspan", "rowspan"],
  OL: ["start", "reversed"],
};

/** A table's rows back in their header, body and footer, its caption back as written, its cells' spans as written. */
function tablesAsWritten(root: DocumentFragment) {
  for (const table of Array.from(root.querySelectorAll("table"))) {
    const caption = table.querySelector(":scope > caption[data-caption]");
    if (caption) {
      caption.innerHTML = caption.getAttribute("data-caption") ?? "";
      caption.removeAttribute("data-caption");
      caption.removeAttribute("contenteditable");
    }
    const body = table.querySelector(":scope > tbody");
    if (!body) continue;
    const sections: Record<string, Element[]> = { thead: [], tbody: [], tfoot: [] };
    for (const row of Array.from(body.children)) {
      sections[row.getAttribute("data-section") ?? "tbody"]!.push(row);
      row.removeAttribute("data-section");
    }
    body.remove();
    for (const [name, rows] of Object.entries(sections)) {
      if (rows.length === 0) continue;
      const section = document.createElement(name);
      section.append(...rows);
      table.append(section);
    }
  }
  for (const cell of Array.from(root.querySelectorAll("[data-spans]"))) {
    for (const name of (cell.getAttribute("data-spans") ?? "").split(" ")) if (!cell.hasAttribute(name)) cell.setAttribute(name, "1");
    cell.removeAttribute("data-spans");
  }
}

/** Elements whose children may each go on a line of their own (spaces there do not show); a paragraph or code block is never touched. */
const CONTAINERS = new Set("ul ol li dl dd blockquote table thead tbody tfoot tr th td figure div".split(" "));
/** Inside a container, what starts a line: blocks only (an image or a player may sit in a line of text there). */
const LINE_BLOCKS = new Set(
  "p h1 h2 h3 h4 h5 h6 ul ol li dl dt dd blockquote pre hr table thead tbody tfoot tr th td caption figure figcaption div".split(" "),
);

/**
 * One block per line, as a person lays HTML out: each block of the post on its own line, and the
 * items of a list, the rows and cells of a table, each on its own line, indented by two spaces
 * a level. Only where line breaks and spaces do not show: between blocks, never in a line of text.
 */
function layOut(parent: ParentNode, depth: number) {
  const children = Array.from(parent.childNodes);
  const blockAt = (node: ChildNode | undefined) => node instanceof Element && (depth === 0 ? true : LINE_BLOCKS.has(node.tagName.toLowerCase()));
  let broke = false;
  children.forEach((child, index) => {
    if (!blockAt(child)) return;
    if (index > 0 || depth > 0) child.before(`\n${"  ".repeat(depth)}`);
    broke = true;
    if (child instanceof Element && CONTAINERS.has(child.tagName.toLowerCase())) layOut(child, depth + 1);
  });
  if (broke && depth > 0 && blockAt(children.at(-1))) parent.append(`\n${"  ".repeat(depth - 1)}`);
}

/** The editor's HTML as the author would write it: bare list items, quotes and cells without their paragraph, tables as written, one block per line. */
function htmlOf(editor: EditorType): string {
  if (editor.isEmpty) return "";
  const template = document.createElement("template");
  template.innerHTML = editor.getHTML();
  tablesAsWritten(template.content);
  for (const element of Array.from(template.content.querySelectorAll("a, img, th, td, ol"))) {
    const order = ATTRIBUTE_ORDER[element.tagName]!;
    const attributes = Array.from(element.attributes).sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
    for (const attribute of attributes) element.removeAttribute(attribute.name);
    for (const attribute of attributes) element.setAttribute(attribute.name, attribute.value);
  }
  for (const element of Array.from(template.content.querySelectorAll("[data-bare]"))) {
    element.removeAttribute("data-bare");
    const first = element.firstChild;
    if (first instanceof HTMLParagraphElement) first.replaceWith(...Array.from(first.childNodes));
  }
  layOut(template.content, 0);
  return template.innerHTML;
}

// What two HTML texts must agree on to be the same content: elements, attributes (in any order;
// a link's target and rel are set by the sanitizer from its address, an image's loading too) and
// text, where a run of spaces and line breaks is one space except in code blocks, and spaces next
// to a block element do not show.
const SANITIZER_SET = new Set(["a:target", "a:rel", "img:loading"]);
const VOID = new Set(["br", "hr", "img"]);

function canonical(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  const write = (node: ChildNode, inPre: boolean): string => {
    if (node.nodeType === 3) {
      const text = (node.textContent ?? "").replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
      return inPre ? text : text.replace(/[ \t\n\r\f]+/g, " ");
    }
    if (!(node instanceof Element)) return "";
    const tag = node.tagName.toLowerCase();
    const attributes = Array.from(node.attributes)
      .filter((attribute) => !SANITIZER_SET.has(`${tag}:${attribute.name}`))
      .map((attribute) => `${attribute.name}="${attribute.value.replaceAll('"', "&quot;")}"`)
      .sort();
    const open = `<${[tag, ...attributes].join(" ")}>`;
    if (VOID.has(tag)) return open;
    return `${open}${Array.from(node.childNodes)
      .map((child) => write(child, inPre || tag === "pre"))
      .join("")}</${tag}>`;
  };
  const text = Array.from(template.content.childNodes)
    .map((node) => write(node, false))
    .join("");
  const blocks = Array.from(BLOCK_TAGS).join("|");
  // Spaces at the edges of blocks (outside code blocks, which keep theirs) do not show.
  return text.replace(new RegExp(`[ ]*(</?(?:${blocks})(?: [^>]*)?>)[ ]*`, "g"), (match, tag: string, offset: number, whole: string) => {
    const before = whole.lastIndexOf("<pre", offset);
    return before !== -1 && before > whole.lastIndexOf("</pre>", offset) ? match : tag;
  });
}

/** The elements of `html` that do not come out of the editor as they went in. */
function lostElements(html: string, written: string): Set<string> {
  const count = (source: string) => {
    const template = document.createElement("template");
    template.innerHTML = source;
    const counts = new Map<string, number>();
    for (const element of Array.from(template.content.querySelectorAll("*"))) {
      const tag = element.tagName.toLowerCase();
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    return counts;
  };
  const after = count(written);
  return new Set([...count(html)].filter(([tag, n]) => (after.get(tag) ?? 0) < n).map(([tag]) => tag));
}

/**
 * What the Visual view cannot keep, in the words of the person writing, each with what to do
 * instead (the HTML view keeps all of them).
 */
const UNKEPT: { tags: string[]; what: string; instead: string }[] = [
  {
    tags: ["dl", "dt", "dd"],
    what: "listas de definições",
    instead: "troque cada lista de definições por uma lista comum ou por parágrafos com o termo em negrito",
  },
  { tags: ["figure", "figcaption"], what: "imagens com legenda", instead: "troque cada imagem com legenda pela imagem seguida de um parágrafo com a legenda" },
  { tags: ["div"], what: "blocos genéricos", instead: "troque cada bloco genérico por parágrafos" },
  {
    tags: ["table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption"],
    what: "tabelas neste formato",
    instead: "deixe cada linha da tabela com o mesmo número de células",
  },
  { tags: ["ul", "ol", "li"], what: "listas neste formato", instead: "ponha cada lista interna dentro do item a que ela pertence, depois do texto dele" },
];

const LIST_FORMAT = new Intl.ListFormat("pt-BR", { style: "long", type: "conjunction" });
const KEEP_HTML = "Para não perder nada, continue editando em HTML.";

/** Where `written` first differs from `html`: a few words of the text there, for the author to find it. */
function differenceNear(html: string, written: string): string {
  const [a, b] = [canonical(html), canonical(written)];
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const text = (part: string) => {
    const template = document.createElement("template");
    template.innerHTML = part;
    return (template.content.textContent ?? "").replace(/\s+/g, " ");
  };
  // Whole elements around the place: from the last tag that opened before it.
  const open = a.lastIndexOf("<", at);
  const before = text(a.slice(0, Math.max(open, 0))).slice(-30);
  const after = text(a.slice(Math.max(open, 0))).slice(0, 40);
  return `${before}${after}`.trim();
}

/**
 * Why the Visual view cannot open `html` without changing it, or null when it can: the HTML is
 * read into a detached editor and written back, and must come out as the same content. A table
 * whose rows have different numbers of cells would be completed by the editor at the first edit:
 * that is a change too.
 */
export function visualRefusal(html: string): string | null {
  const editor = new Editor({ extensions, content: html, injectCSS: false });
  const written = htmlOf(editor);
  const tablesChanged = fixTables(editor.state) !== undefined;
  editor.destroy();
  if (!tablesChanged && canonical(written) === canonical(html)) return null;
  const lost = lostElements(html, written);
  const unkept = UNKEPT.filter(({ tags }) => tags.some((tag) => lost.has(tag)) || (tablesChanged && tags.includes("table")));
  if (unkept.length > 0) {
    const instead = unkept.map((kind) => kind.instead).join("; ");
    return `O modo Visual não consegue manter ${LIST_FORMAT.format(unkept.map((kind) => kind.what))} deste conteúdo. Para usar o modo Visual, ${instead}. Ou continue editando em HTML, onde nada se perde.`;
  }
  // The editor holds an image as a block of its own: one inside a paragraph, an item or a cell would move out of it.
  const template = document.createElement("template");
  template.innerHTML = html;
  if (Array.from(template.content.querySelectorAll("img")).some((image) => image.parentNode !== template.content)) {
    return `O modo Visual não consegue manter imagens no meio de um texto (num parágrafo, num item de lista ou numa célula de tabela). Para usar o modo Visual, deixe cada imagem numa linha própria. ${KEEP_HTML}`;
  }
  const near = differenceNear(html, written);
  return `O modo Visual mudaria a formatação deste conteúdo${near ? ` perto de “${near}”` : ""}. ${KEEP_HTML}`;
}

/** The textarea the editor stands in for (it stays in the form, hidden, carrying the HTML). */
function textareaOf(id: string): HTMLTextAreaElement | null {
  const element = document.getElementById(id);
  return element instanceof HTMLTextAreaElement ? element : null;
}

export default function RichTextEditor({ textareaId, labelId }: { textareaId: string; labelId: string }) {
  const editor = useEditor({
    extensions,
    immediatelyRender: false,
    // The page's Content-Security-Policy refuses injected <style> elements: the editor's few
    // rules live in app.css instead (the same for the detached editor of visualRefusal).
    injectCSS: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        class: "prose-blog min-h-64 px-4 py-3 focus:outline-none",
      },
    },
    // Starts from what the textarea holds (the saved post, or what was typed in the HTML view).
    onCreate: ({ editor }) => {
      editor.commands.setContent(textareaOf(textareaId)?.value ?? "", { emitUpdate: false });
    },
    onUpdate: ({ editor }) => {
      const textarea = textareaOf(textareaId);
      if (!textarea) return;
      textarea.value = htmlOf(editor);
      // The form's listeners (unsaved changes, the local draft) hear the change as typing.
      textarea.dispatchEvent(new Event("input", { bubbles: true }));
    },
  });
  if (!editor) return null;
  return (
    <div
      className="mt-1 rounded-xl border border-slate-300 bg-white focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200"
      data-rich-text=""
    >
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

/** What the toolbar's small form asks for: a link's address, an image (address and description), a video's link. */
type Ask = { kind: "link"; href: string } | { kind: "image"; src: string; alt?: string } | { kind: "video" };

function Toolbar({ editor }: { editor: EditorType }) {
  const active = useEditorState({
    editor,
    selector: ({ editor }) => ({
      h2: editor.isActive("heading", { level: 2 }),
      h3: editor.isActive("heading", { level: 3 }),
      bold: editor.isActive("bold"),
      italic: editor.isActive("italic"),
      bulletList: editor.isActive("bulletList"),
      orderedList: editor.isActive("orderedList"),
      blockquote: editor.isActive("blockquote"),
      link: editor.isActive("link"),
    }),
  });
  const [ask, setAsk] = useState<Ask | null>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const roving = useRovingFocus(toolbar);
  // Focus goes back to the text at once (Tiptap's focus() waits for the next frame, which could
  // restore an old selection over what the author typed meanwhile).
  const chain = () => {
    editor.view.focus();
    return editor.chain();
  };
  /** Closes the small form first (the browser then gives focus back to its opener), then runs `command` in the text. */
  const closeAnd = (command?: () => void) => {
    flushSync(() => setAsk(null));
    command?.();
  };

  /**
   * Puts blocks (an image, an image and its caption, a player) into the text at the cursor and
   * leaves the cursor after them, never on them: the editor would otherwise select an image it
   * inserted last, and the next key typed would replace it. The cursor goes into the paragraph that
   * follows (the rest of a paragraph the blocks were put in the middle of), or into a new empty
   * one when none follows. A selected image or player stays: the blocks go after it (inserting
   * over a selection replaces it).
   */
  const insertBlocks = (content: JSONContent[]) => {
    const { selection } = editor.state;
    const start = selection instanceof NodeSelection ? chain().insertContentAt(selection.to, content) : chain().insertContent(content);
    void start
      .command(({ tr }) => {
        const last = tr.steps.length - 1;
        if (last < 0) return false;
        let end = 0;
        tr.mapping.maps[last]!.forEach((_from, _to, _newFrom, newTo) => (end = newTo));
        const $end = tr.doc.resolve(end);
        if ($end.parent.isTextblock) tr.setSelection(TextSelection.create(tr.doc, end));
        else if ($end.nodeAfter?.type.name === "paragraph") tr.setSelection(TextSelection.create(tr.doc, end + 1));
        else tr.insert(end, tr.doc.type.schema.nodes.paragraph!.create()).setSelection(TextSelection.create(tr.doc, end + 1));
        tr.scrollIntoView();
        return true;
      })
      .run();
  };

  /**
   * Puts an image into the text at the cursor. Every way in goes through here: an address typed
   * in the 'Imagem' form, a file of the media library (after its description is asked), and an
   * upload that hands over its stored address and description.
   */
  const insertImage = ({ src, alt }: { src: string; alt: string }) => insertBlocks([{ type: "image", attrs: { src, alt } }]);

  /**
   * A link on the selected text, or on the word or link at the cursor; with nothing selected, the
   * address itself goes into the text as the link. Either way the cursor ends after the link (the
   * selection left on it would be replaced by the next key typed), and what is typed next is no
   * longer part of it.
   */
  const applyLink = (href: string) => {
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive("link")) {
      void chain()
        .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
        .run();
      return;
    }
    void chain()
      .extendMarkRange("link")
      .setLink({ href })
      .command(({ tr }) => {
        tr.setSelection(TextSelection.create(tr.doc, tr.selection.to));
        return true;
      })
      .run();
  };

  /**
   * An upload's file goes into the text at once, and the text gets the focus back once the
   * upload's dialog is gone: the dialog is still open (modal) when it hands the file over, and
   * focus given to the text then is taken back by the dialog, then lost to the page as it goes.
   */
  const insertUploaded = (file: Parameters<typeof uploadedImageContent>[0]) => {
    insertBlocks(uploadedImageContent(file));
    let frames = 0;
    const focusText = () => {
      // A second at most (a dialog left open by something else must not keep this going).
      if (document.querySelector("dialog:modal") && frames++ < 60) requestAnimationFrame(focusText);
      else editor.view.focus();
    };
    requestAnimationFrame(focusText);
  };

  return (
    <>
      <div
        ref={toolbar}
        role="toolbar"
        aria-label="Formatação do conteúdo"
        onKeyDown={roving.onKeyDown}
        onFocus={roving.onFocus}
        className="flex flex-wrap items-center gap-1 border-b border-slate-200 px-2 py-1.5"
      >
        <ToolButton
          label="Título de seção"
          hint="Título de uma seção do post (H2)"
          pressed={active.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton label="Subtítulo" hint="Subtítulo dentro de uma seção (H3)" pressed={active.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
        <ToolButton label="Negrito" hint="Negrito (Ctrl+B)" pressed={active.bold} onClick={() => chain().toggleBold().run()} className="font-bold" />
        <ToolButton label="Itálico" hint="Itálico (Ctrl+I)" pressed={active.italic} onClick={() => chain().toggleItalic().run()} className="italic" />
        <ToolButton label="Lista" hint="Lista com marcadores" pressed={active.bulletList} onClick={() => chain().toggleBulletList().run()} />
        <ToolButton label="Lista numerada" pressed={active.orderedList} onClick={() => chain().toggleOrderedList().run()} />
        <ToolButton label="Citação" pressed={active.blockquote} onClick={() => chain().toggleBlockquote().run()} />
        <ToolButton
          label="Link"
          hint="Link no texto selecionado"
          pressed={active.link}
          onClick={() => setAsk({ kind: "link", href: (editor.getAttributes("link").href as string | undefined) ?? "" })}
        />
        {/* Images: by address, or from the media library (its description is asked next). */}
        <ToolButton label="Imagem" hint="Imagem por endereço" onClick={() => setAsk({ kind: "image", src: "" })} />
        <MediaPicker field="content_image" accept="image" label="Imagem da biblioteca" onPick={(src, file) => setAsk({ kind: "image", src, alt: file.alt })} />
        <ImageUploadButton onUploaded={insertUploaded} />
        <ToolButton label="Vídeo" hint="Vídeo do YouTube ou do Vimeo" onClick={() => setAsk({ kind: "video" })} />
        <ToolButton label="Desfazer" hint="Desfazer (Ctrl+Z)" onClick={() => chain().undo().run()} />
        <ToolButton label="Refazer" hint="Refazer (Ctrl+Shift+Z)" onClick={() => chain().redo().run()} />
      </div>
      {ask?.kind === "link" ? (
        <AskDialog
          title={ask.href ? "Editar link" : "Inserir link"}
          fields={[{ name: "href", label: "Endereço do link", hint: "Ex.: https://www.exemplo.com.br", value: ask.href || "https://", inputMode: "url" }]}
          submitLabel="Aplicar link"
          extraAction={ask.href ? { label: "Remover link", run: () => closeAnd(() => void chain().extendMarkRange("link").unsetLink().run()) } : undefined}
          validate={({ href = "" }) =>
            href === "" || /^(https?:\/\/|mailto:|tel:|\/)/.test(href) ? null : { href: "Use um endereço que comece com https://" }
          }
          onCancel={() => closeAnd()}
          onSubmit={({ href = "" }) => closeAnd(() => (href === "" ? void chain().extendMarkRange("link").unsetLink().run() : applyLink(href)))}
        />
      ) : ask?.kind === "image" ? (
        <AskDialog
          title="Inserir imagem"
          fields={[
            { name: "src", label: "Endereço da imagem", hint: "Ex.: https://www.exemplo.com.br/foto.jpg", value: ask.src || "https://", inputMode: "url" },
            {
              name: "alt",
              label: "Descrição da imagem",
              hint: "O que a imagem mostra, para quem não pode vê-la (leitores de tela, buscadores).",
              value: ask.alt ?? "",
            },
          ]}
          focus={ask.src ? "alt" : "src"}
          submitLabel="Inserir imagem"
          validate={({ src = "" }) => (/^(https:\/\/|\/media\/)./.test(src) ? null : { src: "Use um endereço que comece com https://" })}
          onCancel={() => closeAnd()}
          onSubmit={({ src = "", alt = "" }) => closeAnd(() => insertImage({ src, alt }))}
        />
      ) : ask?.kind === "video" ? (
        <AskDialog
          title="Inserir vídeo"
          fields={[
            { name: "link", label: "Link do vídeo no YouTube ou no Vimeo", hint: "Ex.: https://www.youtube.com/watch?v=...", value: "", inputMode: "url" },
          ]}
          submitLabel="Inserir vídeo"
          validate={({ link = "" }) => (videoEmbedUrl(link) ? null : { link: "Informe um link do YouTube ou do Vimeo." })}
          onCancel={() => closeAnd()}
          onSubmit={({ link = "" }) =>
            closeAnd(() =>
              insertBlocks([{ type: "videoEmbed", attrs: { src: videoEmbedUrl(link), title: "Vídeo", allowfullscreen: "true", loading: "lazy" } }]),
            )
          }
        />
      ) : null}
    </>
  );
}

/**
 * The keyboard of a toolbar (the ARIA toolbar pattern): one Tab stop, on the control used last;
 * the arrow keys move between the controls (wrapping), Home and End go to the first and last.
 * It works on whatever controls the toolbar holds (buttons, the library's link, any added later).
 */
function useRovingFocus(toolbar: RefObject<HTMLDivElement | null>) {
  const current = useRef(0);
  const items = () =>
    Array.from(toolbar.current?.querySelectorAll<HTMLElement>("button, a[href], input:not([type='hidden'])") ?? []).filter(
      // A dialog a control opens (the library's) keeps its own keyboard.
      (item) => !item.closest("dialog") && !(item as HTMLButtonElement).disabled,
    );
  const settle = () => {
    const all = items();
    current.current = Math.min(current.current, all.length - 1);
    all.forEach((item, index) => (item.tabIndex = index === current.current ? 0 : -1));
  };
  // After every render, so a control added or re-rendered still has one Tab stop in all.
  useEffect(settle);
  return {
    onFocus: (event: FocusEvent) => {
      const index = items().indexOf(event.target as HTMLElement);
      if (index === -1) return;
      current.current = index;
      settle();
    },
    onKeyDown: (event: KeyboardEvent) => {
      const all = items();
      const index = all.indexOf(event.target as HTMLElement);
      if (index === -1) return;
      const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: all.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      all[(next + all.length) % all.length]!.focus();
    },
  };
}

function ToolButton({
  label,
  hint,
  pressed,
  onClick,
  className = "",
}: {
  label: string;
  /** The tooltip, where it says more than the label. */
  hint?: string;
  pressed?: boolean;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      title={hint}
      aria-pressed={pressed}
      // The editor keeps focus and selection when a button is clicked (the keyboard reaches the
      // toolbar with Tab, and each command gives focus back to the text).
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 aria-pressed:bg-slate-800 aria-pressed:text-white ${className}`}
    >
      {label}
    </button>
  );
}

interface AskField {
  name: string;
  label: string;
  hint?: string;
  value: string;
  inputMode?: "url";
}

/**
 * The toolbar's small form, in the admin's dialog: Escape or 'Cancelar' leave the text as it was;
 * a value that cannot be used keeps the form open with what was typed and says why. It lives
 * outside the post's form (a form may not hold another), and its submit stays its own.
 */
function AskDialog({
  title,
  fields,
  focus,
  submitLabel,
  extraAction,
  validate,
  onCancel,
  onSubmit,
}: {
  title: string;
  fields: AskField[];
  /** The field to start in (else the first). */
  focus?: string;
  submitLabel: string;
  extraAction?: { label: string; run: () => void };
  validate: (values: Record<string, string>) => Record<string, string> | null;
  onCancel: () => void;
  onSubmit: (values: Record<string, string>) => void;
}) {
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focus) form.current?.querySelector<HTMLInputElement>(`[name="${focus}"]`)?.focus();
  }, [focus]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React passes events up its own tree: the post's form must not hear this submit.
    event.stopPropagation();
    const values = Object.fromEntries(fields.map((field) => [field.name, String(new FormData(event.currentTarget).get(field.name) ?? "").trim()]));
    const refused = validate(values);
    setErrors(refused ?? {});
    if (refused) {
      form.current?.querySelector<HTMLInputElement>(`[name="${Object.keys(refused)[0]}"]`)?.focus();
      return;
    }
    onSubmit(values);
  }

  return createPortal(
    <Dialog
      title={title}
      onClose={onCancel}
      closeControl={(props) => (
        <button type="button" onClick={onCancel} {...props}>
          ×
        </button>
      )}
    >
      <form ref={form} noValidate onSubmit={submit} className="space-y-4">
        {fields.map((field) => {
          const error = errors[field.name];
          return (
            <div key={field.name}>
              <label htmlFor={`${id}-${field.name}`} className="block text-sm font-medium text-slate-700">
                {field.label}
              </label>
              <input
                id={`${id}-${field.name}`}
                name={field.name}
                defaultValue={field.value}
                inputMode={field.inputMode}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={[field.hint ? `${id}-${field.name}-hint` : "", error ? `${id}-${field.name}-error` : ""].join(" ").trim() || undefined}
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-[invalid=true]:border-red-500"
              />
              {field.hint ? (
                <p id={`${id}-${field.name}-hint`} className="mt-1 text-xs text-slate-500">
                  {field.hint}
                </p>
              ) : null}
              {error ? (
                <p id={`${id}-${field.name}-error`} role="alert" className="mt-1 text-sm text-red-600">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          {extraAction ? (
            <button
              type="button"
              onClick={extraAction.run}
              className="mr-auto rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50"
            >
              {extraAction.label}
            </button>
          ) : null}
          <button type="button" onClick={onCancel} className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50">
            Cancelar
          </button>
          <button type="submit" className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>,
    document.body,
  );
}
