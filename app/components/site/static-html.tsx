// Shows server-rendered static markup (see lib/static-html.server.tsx) and keeps its same-site links
// as client-side navigations.
//
// The markup reaches the browser once, as HTML: a document's hydration data does not carry it
// (`html` is undefined then), so on hydration the element keeps the markup the server sent, read
// once from the page and kept in memory for later mounts of the same page. After a client-side
// navigation the route's loader sends it (`html`).
import { useState, type MouseEvent } from "react";
import { useNavigate } from "react-router";

const hydrated = new Map<string, string>();

function markupOf(id: string, html: string | undefined): string {
  if (html !== undefined) return html;
  // The server has no markup of its own to show: only a layout whose loader failed gets here.
  if (typeof document === "undefined") return "";
  let markup = hydrated.get(id);
  if (markup === undefined) {
    markup = document.getElementById(id)?.innerHTML ?? "";
    hydrated.set(id, markup);
  }
  return markup;
}

export function StaticHtml({ id, html }: { id: string; html: string | undefined }) {
  const navigate = useNavigate();
  // Fixed for the life of the element: React never rewrites markup it did not change.
  const [markup] = useState(() => markupOf(id, html));
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!link || !href || link.target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!href.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegates real links' clicks
    <div id={id} className="contents" onClick={onClick} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: markup }} />
  );
}
