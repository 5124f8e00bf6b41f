// Which rows use a stored file. A file is used by a row when one of the row's file columns, one
// of its URL lists (portfolio images and videos) or, for blog posts, the HTML of its content
// names the file. URLs are compared by the file they name (media-identity), so every spelling of
// a file counts: /media/<bucket>/<key>, the site's or the S3 store's absolute URL, the image
// route, percent-encoding, dot segments and doubled slashes.
import { db } from "./db.server";
import { mediaRef } from "./media-identity.server";
import { urlList } from "./url-list";

export interface MediaUsage {
  /** The section's name as the admin shows it ("Portfólio", "Blog"...). */
  section: string;
  /** The row's name (title, client or student). */
  row: string;
  /** The admin page that edits the row. */
  editTo: string;
}

interface RowUrls {
  usage: MediaUsage;
  urls: Array<string | null | undefined>;
}

/** "bucket/key" of a URL naming one of our files in any spelling (see media-identity), else null. */
function mediaId(url: string | null | undefined): string | null {
  return mediaRef(url)?.id ?? null;
}

const ATTRIBUTE_URLS = /\b(?:src|href|poster|srcset|data-src)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/gi;
const NAMED_ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", sol: "/", period: ".", percnt: "%", colon: ":" };

/** An attribute's value as the browser reads it (character references decoded). */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Every URL in an HTML fragment's attributes (srcset lists split into their URLs). */
function htmlUrls(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(ATTRIBUTE_URLS)) {
    const quoted = /^["']/.test(match[1]!);
    const value = decodeAttribute(quoted ? match[1]!.slice(1, -1) : match[1]!);
    for (const candidate of value.split(",")) urls.push(candidate.trim().split(/\s+/)[0]!);
  }
  return urls;
}

/** Every row that may hold a file, with the URLs it holds. */
async function rowsWithUrls(): Promise<RowUrls[]> {
  const [portfolio, led, films, testimonials, logos, course, blog] = await Promise.all([
    db.portfolioItem.findMany({ select: { id: true, title: true, coverImage: true, images: true, videos: true } }),
    db.ledPanel.findMany({ select: { id: true, title: true, photo: true } }),
    db.windowFilmsProject.findMany({ select: { id: true, title: true, coverImage: true, images: true, videos: true } }),
    db.windowFilmsTestimonial.findMany({ select: { id: true, clientName: true, clientPhoto: true, videoUrl: true } }),
    db.clientLogo.findMany({ select: { id: true, clientName: true, logoUrl: true } }),
    db.courseTestimonial.findMany({ select: { id: true, studentName: true, videoUrl: true } }),
    db.blogPost.findMany({ select: { id: true, title: true, coverImage: true, socialImage: true, content: true } }),
  ]);
  const edit = (path: string, id: string) => `/admin/${path}?editar=${id}`;
  return [
    ...portfolio.map((r) => ({
      usage: { section: "Portfólio", row: r.title, editTo: edit("portfolio", r.id) },
      urls: [r.coverImage, ...urlList(r.images), ...urlList(r.videos)],
    })),
    ...led.map((r) => ({ usage: { section: "Painéis LED", row: r.title, editTo: edit("led-panels", r.id) }, urls: [r.photo] })),
    ...films.map((r) => ({
      usage: { section: "Window Films · Portfólio", row: r.title, editTo: edit("window-films-portfolio", r.id) },
      urls: [r.coverImage, ...urlList(r.images), ...urlList(r.videos)],
    })),
    ...testimonials.map((r) => ({
      usage: { section: "Window Films · Depoimentos", row: r.clientName, editTo: edit("window-films-testimonials", r.id) },
      urls: [r.clientPhoto, r.videoUrl],
    })),
    ...logos.map((r) => ({ usage: { section: "Logos de clientes", row: r.clientName, editTo: edit("client-logos", r.id) }, urls: [r.logoUrl] })),
    ...course.map((r) => ({ usage: { section: "Depoimentos do curso", row: r.studentName, editTo: edit("course-testimonials", r.id) }, urls: [r.videoUrl] })),
    ...blog.map((r) => ({ usage: { section: "Blog", row: r.title, editTo: edit("blog", r.id) }, urls: [r.coverImage, r.socialImage, ...htmlUrls(r.content)] })),
  ];
}

/** For every stored file some row uses, keyed by "bucket/key" (see mediaId): the rows that use it. */
export async function mediaUsages(): Promise<Map<string, MediaUsage[]>> {
  const usages = new Map<string, MediaUsage[]>();
  for (const { usage, urls } of await rowsWithUrls()) {
    const ids = new Set(urls.map(mediaId).filter((id): id is string => id !== null));
    for (const id of ids) usages.set(id, [...(usages.get(id) ?? []), usage]);
  }
  return usages;
}

/** The rows that use the file behind a URL (none for a URL we did not store). */
export async function usagesOf(url: string): Promise<MediaUsage[]> {
  const id = mediaId(url);
  return id ? ((await mediaUsages()).get(id) ?? []) : [];
}

/** Whether any row still uses the file behind a URL. */
export async function isInUse(url: string): Promise<boolean> {
  return (await usagesOf(url)).length > 0;
}

/** The refusal shown when a file in use is deleted: where it is used. */
export function inUseMessage(usages: MediaUsage[]): string {
  const places = usages.map((usage) => `${usage.section}: “${usage.row}”`).join("; ");
  return `Este arquivo não pode ser excluído porque está em uso em ${places}. Troque o arquivo nesses registros antes de excluí-lo.`;
}
