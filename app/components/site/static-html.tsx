// Shows server-rendered static markup (from a loader, see lib/static-html.server.tsx) and keeps
// its same-site links as client-side navigations.
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

export function StaticHtml({ html }: { html: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!link || !href || link.target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!href.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    navigate(href);
  };
  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegates real links' clicks
  return <div className="contents" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
