// The images from other sites that the image route (/img) may fetch: those an admin saved in
// content. A visitor's request names a URL, and without this check the server would download
// whatever anyone typed (an anonymous fetch proxy, and a way to make it render hostile files).
// The set is every remote image URL in the rows that hold images (drafts included: an admin saved
// them, and the preview shows them), read once per content version: every admin write bumps the
// version, so a URL is allowed as soon as its row is saved, and no longer once it is removed.
import { currentContentVersion } from "../content-version.server.ts";
import { db } from "../db.server.ts";
import { normalizeRemoteUrl } from "./remote-image.server.ts";
import { blogImageSources } from "../sanitize.server.ts";
import { urlList } from "../url-list.ts";

let known: { version: number; urls: Promise<Set<string>> } | null = null;

/** The one spelling a URL is compared in (the image route keys its cache the same way). */
function key(url: string | null | undefined): string | null {
  return url ? (normalizeRemoteUrl(url.trim())?.href ?? null) : null;
}

async function remoteImageUrls(): Promise<Set<string>> {
  const [portfolio, led, films, testimonials, logos, blog] = await Promise.all([
    db.portfolioItem.findMany({ select: { coverImage: true, images: true } }),
    db.ledPanel.findMany({ select: { photo: true } }),
    db.windowFilmsProject.findMany({ select: { coverImage: true, images: true } }),
    db.windowFilmsTestimonial.findMany({ select: { clientPhoto: true } }),
    db.clientLogo.findMany({ select: { logoUrl: true } }),
    db.blogPost.findMany({ select: { coverImage: true, socialImage: true, content: true } }),
  ]);
  const urls = [
    ...portfolio.flatMap((r) => [r.coverImage, ...urlList(r.images)]),
    ...led.map((r) => r.photo),
    ...films.flatMap((r) => [r.coverImage, ...urlList(r.images)]),
    ...testimonials.map((r) => r.clientPhoto),
    ...logos.map((r) => r.logoUrl),
    ...blog.flatMap((r) => [r.coverImage, r.socialImage, ...blogImageSources(r.content)]),
  ];
  return new Set(urls.map(key).filter((url): url is string => url !== null));
}

/** Whether `url` (another site's image) is saved in content. */
export async function isPublishedImage(url: string): Promise<boolean> {
  const wanted = key(url);
  if (!wanted) return false;
  const version = await currentContentVersion();
  if (known?.version !== version) {
    const urls = remoteImageUrls();
    known = { version, urls };
    urls.catch(() => {
      if (known?.urls === urls) known = null; // a failed read is tried again by the next request
    });
  }
  return (await known.urls).has(wanted);
}
