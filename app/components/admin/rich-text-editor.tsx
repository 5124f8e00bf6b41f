// The blog's rich-text editor (Tiptap), loaded only on the blog's admin page and only with
// JavaScript. It edits the HTML of the form's `content` textarea and writes every change back into
// it, so the form posts `content` exactly as without JavaScript and the server's sanitizer stays
// the only judge of what is kept. It writes only what that sanitizer keeps unchanged: headings,
// bold, italic, lists, links, quotes, images and YouTube/Vimeo players.
import { EditorContent, Node, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import type { ReactNode } from "react";
import { MediaPicker } from "./media-picker";
import { showToast } from "~/lib/toast";
import { isVideoEmbed, videoEmbedUrl } from "~/lib/video-embed";

/** A YouTube or Vimeo player: an iframe whose address is one of the embed players. */
const VideoEmbed = Node.create({
  name: "videoEmbed",
  group: "block",
  atom: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [{ tag: "iframe[src]", getAttrs: (element) => (isVideoEmbed(element.getAttribute("src") ?? "") ? { src: element.getAttribute("src") } : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["iframe", { src: HTMLAttributes.src, title: "Vídeo", allowfullscreen: "true", loading: "lazy" }];
  },
});

const extensions = [
  StarterKit.configure({
    // The post's title is the page's h1; sections start at h2.
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto", "tel"], HTMLAttributes: { target: null, rel: null } },
  }),
  Image.configure({ HTMLAttributes: { loading: "lazy" } }),
  VideoEmbed,
];

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
    // Starts from what the textarea holds (the saved post, or what was typed before the editor loaded).
    onCreate: ({ editor }) => {
      editor.commands.setContent(textareaOf(textareaId)?.value ?? "", { emitUpdate: false });
    },
    onUpdate: ({ editor }) => {
      const textarea = textareaOf(textareaId);
      if (textarea) textarea.value = editor.isEmpty ? "" : editor.getHTML();
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

function Toolbar({ editor }: { editor: Editor }) {
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
    chain().insertContent({ type: "videoEmbed", attrs: { src } }).run();
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
