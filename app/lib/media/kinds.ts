// A media URL ending in mp4, webm or ogg is a video; anything else an image.
export type MediaKind = "image" | "video" | "iframe";

export function isVideoUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  return /\.(mp4|webm|ogg)$/i.test(url.split(/[?#]/)[0]!);
}

/** Embeddable players (YouTube, Vimeo) show in an iframe. */
export function embedUrl(url: string): string | null {
  const yt = url.match(/(?:youtube\.com\/(?:watch\?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,})/);
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt[1]}`;
  const vimeo = url.match(/vimeo\.com\/(?:video\/)?(\d+)/);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return null;
}

export function mediaKind(url: string): MediaKind {
  if (embedUrl(url)) return "iframe";
  return isVideoUrl(url) ? "video" : "image";
}

/**
 * The poster image for a video, when one is known to exist: the demo clips under /demo/ ship a
 * WebP of their middle frame next to them (`/demo/videos/x.mp4` → `/demo/videos/x.webp`).
 * Uploaded videos have no poster (the player shows their first frame once metadata loads).
 */
export function posterFor(url: string | null | undefined): string | null {
  if (!url || !isVideoUrl(url)) return null;
  const path = url.split(/[?#]/)[0]!;
  if (!path.startsWith("/demo/")) return null;
  return path.replace(/\.(mp4|webm|ogg)$/i, ".webp");
}
