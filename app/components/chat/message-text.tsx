// A chat message as text: line breaks kept (CSS), web links turned into safe <a> elements.
// Only text nodes and anchors are created, so a reply can never inject HTML.
const LINK = /https?:\/\/[^\s<>"']+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

export function MessageText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    const start = match.index;
    parts.push(text.slice(last, start));
    parts.push(<ChatLink key={start} url={url} />);
    last = start + url.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

function ChatLink({ url }: { url: string }) {
  let label = url;
  try {
    const parsed = new URL(url);
    label = `${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    // not a valid URL: shown as written
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-2">
      {label}
    </a>
  );
}
