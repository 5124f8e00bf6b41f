// YouTube and Vimeo videos inside blog posts. An author pastes the video's ordinary address; the
// post stores the provider's embed player address, the only iframe the blog's sanitizer lets
// through (and the page's Content-Security-Policy lets load).

/** Hosts whose players a post may embed (the privacy-enhanced YouTube host, Vimeo's player). */
export const EMBED_HOSTS = ["www.youtube-nocookie.com", "player.vimeo.com"];

/** The embed player address of a YouTube or Vimeo link, or null when it is neither. */
export function videoEmbedUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const youtubeId = (id: string | null | undefined) => (id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null);
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, kind, id] = url.pathname.split("/");
    if (kind === "watch" || url.pathname === "/watch") return youtubeId(url.searchParams.get("v"));
    if (kind === "embed" || kind === "shorts" || kind === "live") return youtubeId(id);
    return null;
  }
  if (host === "youtu.be") return youtubeId(url.pathname.slice(1));
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = url.pathname.match(/(?:^|\/)(\d{5,12})(?:$|\/)/)?.[1];
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}

/** Whether a stored iframe address is one of the embed players above. */
export function isVideoEmbed(src: string): boolean {
  return videoEmbedUrl(src) === src;
}
