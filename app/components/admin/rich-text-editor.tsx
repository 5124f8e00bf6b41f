// The blog content's "Visual" view (Tiptap), loaded only on the blog's admin page and only with
// JavaScript. The HTML textarea named `content` is the field: this view edits its HTML and writes
// every change back into it, so the form posts `content` exactly as without JavaScript and the
// server's sanitizer stays the only judge of what is kept.
//
// Loss-free by construction: before it opens, `visualRefusal` reads the HTML into the editor and
// writes it back; if anything the author wrote would come out different (an element or attribute
// the editor has no place for, such as a table, a definition list or a caption), the view refuses
// to open and says which, and the author stays in HTML with nothing changed. What it does keep:
// paragraphs, h2–h6, bold, italic, underline, strikethrough, inline code, code blocks, rules,
// lists, quotes, links, images, YouTube/Vimeo players and the small inline marks below.
import { Editor, EditorContent, Mark, Node, useEditor, useEditorState, type Editor as EditorType } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { Blockquote } from "@tiptap/extension-blockquote";
import { ListItem } from "@tiptap/extension-list";
import Link from "@tiptap/extension-link";
import type { ReactNode } from "react";
import { MediaPicker } from "./media-picker";
import { ImageUploadButton, uploadedImageContent } from "./media-upload";
import { showToast } from "~/lib/toast";
import { previewSrc } from "~/lib/image-url";
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

/** A list item or quote whose text was written without a paragraph inside (`<li>texto</li>`) is written back the same way. */
const bareAttribute = {
  bare: {
    default: false,
    parseHTML: (element: HTMLElement) => !Array.from(element.children).some((child) => BLOCK_TAGS.has(child.tagName.toLowerCase())),
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

/** Links keep their title; target and rel are the sanitizer's (it sets them from the address). */
const BlogLink = Link.extend({
  addAttributes() {
    return { ...this.parent?.(), title: { default: null } };
  },
});

/** Inline elements the sanitizer allows, each kept as the same element with no attributes. */
const simpleMarks = ["mark", "small", "sub", "sup", "q", "cite"].map((tag) =>
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
    blockquote: false,
    // An empty paragraph added after a last heading or image would change what was written.
    trailingNode: false,
  }),
  // No autolink: an edit next to an address written as text must not turn it into a link.
  BlogLink.configure({ openOnClick: false, autolink: false, protocols: ["http", "https", "mailto", "tel"], HTMLAttributes: { target: null, rel: null } }),
  BareListItem,
  BareBlockquote,
  BlogImage.configure({ HTMLAttributes: { loading: "lazy" } }),
  VideoEmbed,
  ...simpleMarks,
];

/** Attributes in the order authors (and the sanitizer's allowlist) write them, not the editor's. */
const ATTRIBUTE_ORDER: Record<string, string[]> = {
  A: ["href", "title", "target", "rel"],
  IMG: ["src", "alt", "title", "width", "height", "loading"],
};

/** The editor's HTML with the bare list items and quotes written back without their paragraph. */
function htmlOf(editor: EditorType): string {
  if (editor.isEmpty) return "";
  const template = document.createElement("template");
  template.innerHTML = editor.getHTML();
  for (const element of Array.from(template.content.querySelectorAll("a, img"))) {
    const order = ATTRIBUTE_ORDER[element.tagName]!;
    const attributes = Array.from(element.attributes).sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
    for (const attribute of attributes) element.removeAttribute(attribute.name);
    for (const attribute of attributes) element.setAttribute(attribute.name, attribute.value);
  }
  for (const element of Array.from(template.content.querySelectorAll("[data-bare]"))) {
    element.removeAttribute("data-bare");
    const [only] = element.children;
    if (element.children.length === 1 && only?.tagName === "P" && element.childNodes.length === 1) only.replaceWith(...Array.from(only.childNodes));
  }
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

/** The elements of `html` that do not come out of the editor as they went in (for the refusal message). */
function lostElements(html: string, written: string): string[] {
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
  return [...count(html)].filter(([tag, n]) => (after.get(tag) ?? 0) < n).map(([tag]) => tag);
}

/**
 * Why the Visual view cannot open `html` without changing it, or null when it can: the HTML is
 * read into a detached editor and written back, and must come out as the same content.
 */
export function visualRefusal(html: string): string | null {
  const editor = new Editor({ extensions, content: html });
  const written = htmlOf(editor);
  editor.destroy();
  if (canonical(written) === canonical(html)) return null;
  const lost = lostElements(html, written);
  return lost.length > 0
    ? `O modo Visual não consegue manter ${lost.map((tag) => `<${tag}>`).join(", ")} deste conteúdo. Para não perder nada, continue editando em HTML.`
    : "O modo Visual mudaria a formatação deste conteúdo. Para não perder nada, continue editando em HTML.";
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
    // rules live in app.css instead.
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
  // Focus goes back to the text at once (Tiptap's focus() waits for the next frame, which after a
  // prompt could restore an old selection over what the author typed meanwhile).
  const chain = () => {
    editor.view.focus();
    return editor.chain();
  };

  function setLink() {
    const current = editor.getAttributes("link").href as string | undefined;
    const href = window.prompt("Endereço do link (https://...)", current ?? "https://");
    if (href === null) return;
    if (href.trim() === "") return void chain().extendMarkRange("link").unsetLink().run();
    if (!/^(https?:\/\/|mailto:|tel:|\/)/.test(href.trim()))
      return showToast({ type: "error", title: "Link inválido", description: "Use um endereço que comece com https://" });
    chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
  }

  function addImage(src: string) {
    chain()
      .setImage({ src, alt: window.prompt("Descrição da imagem (texto alternativo)") ?? "" })
      .run();
  }

  function addImageByUrl() {
    const src = window.prompt("Endereço da imagem (https://...)");
    if (!src) return;
    if (!/^(https:\/\/|\/media\/)/.test(src.trim()))
      return showToast({ type: "error", title: "Imagem inválida", description: "Use um endereço que comece com https://" });
    addImage(src.trim());
  }

  function addVideo() {
    const link = window.prompt("Link do vídeo no YouTube ou no Vimeo");
    if (!link) return;
    const src = videoEmbedUrl(link);
    if (!src) return showToast({ type: "error", title: "Vídeo inválido", description: "Informe um link do YouTube ou do Vimeo." });
    // A paragraph after the player, so the text can go on below it.
    chain()
      .insertContent([{ type: "videoEmbed", attrs: { src, title: "Vídeo", allowfullscreen: "true", loading: "lazy" } }, { type: "paragraph" }])
      .run();
  }

  return (
    <div role="toolbar" aria-label="Formatação do conteúdo" className="flex flex-wrap items-center gap-1 border-b border-slate-200 px-2 py-1.5">
      <ToolButton label="Título" pressed={active.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        T
      </ToolButton>
      <ToolButton label="Subtítulo" pressed={active.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        t
      </ToolButton>
      <ToolButton label="Negrito" pressed={active.bold} onClick={() => chain().toggleBold().run()}>
        <b>N</b>
      </ToolButton>
      <ToolButton label="Itálico" pressed={active.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </ToolButton>
      <ToolButton label="Lista" pressed={active.bulletList} onClick={() => chain().toggleBulletList().run()}>
        •
      </ToolButton>
      <ToolButton label="Lista numerada" pressed={active.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        1.
      </ToolButton>
      <ToolButton label="Citação" pressed={active.blockquote} onClick={() => chain().toggleBlockquote().run()}>
        “
      </ToolButton>
      <ToolButton label="Link" pressed={active.link} onClick={setLink}>
        Link
      </ToolButton>
      <ToolButton label="Imagem por endereço" onClick={addImageByUrl}>
        Imagem
      </ToolButton>
      <MediaPicker field="content_image" accept="image" label="Imagem da biblioteca" onPick={addImage} />
      <ImageUploadButton onUploaded={(file) => chain().insertContent(uploadedImageContent(file)).run()} />
      <ToolButton label="Vídeo (YouTube/Vimeo)" onClick={addVideo}>
        Vídeo
      </ToolButton>
      <ToolButton label="Desfazer" onClick={() => chain().undo().run()}>
        ↶
      </ToolButton>
      <ToolButton label="Refazer" onClick={() => chain().redo().run()}>
        ↷
      </ToolButton>
    </div>
  );
}

function ToolButton({ label, pressed, onClick, children }: { label: string; pressed?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      // The editor keeps focus and selection when a button is clicked (the keyboard reaches the
      // toolbar with Tab, and each command gives focus back to the text).
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="min-w-8 rounded-md px-2 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-pressed:bg-slate-200"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
