// The public site's reads, one function per list, each in its section's display order (from the
// registry of admin sections, which the admin lists follow too). They read the
// database as any code does: the page cache stores whole pages and expires all of them when the
// content changes (server/page-cache/), so nothing here needs to know about it. (An alt text
// edited in the media library is an admin write like any other: it expires the pages too.)
//
// Each row that shows images comes with `alts`: the media library's alt text of each of its
// images that has one, by URL. Staff describe a file once, when uploading it or later in the
// library, and that text describes the image wherever the site shows it; the row's own words (a
// title, a client's name) stand in only where the library has none. One query per list.
import { SECTIONS } from "./admin/sections";
import { publicPostWhere } from "./blog/schedule.server";
import { db } from "./db.server";
import { markDegraded } from "./load-status.server";
import { isVideoUrl } from "./media/kinds";
import { libraryAltTexts } from "./media/library.server";
import { urlList } from "./url-list";
import { errorFields, log } from "./logger.server.ts";

/** The category named by `?categoria=`, or null for Todos / unknown values. */
export function categoryFromUrl(url: URL, allowed: readonly string[]): string | null {
  const value = url.searchParams.get("categoria");
  return value && allowed.includes(value) ? value : null;
}

type Url = string | null | undefined;
/** The library's alt texts of some images, by URL (only those it has one for). */
type LibraryAlts = Record<string, string>;

/**
 * The library's alt texts for every image among `urls`, read in one query, as a function that
 * gives a row its `alts` (its own images' texts). When they cannot be read the page still shows,
 * with the rows' own words, and is not cached.
 */
async function libraryAlts(urls: Url[]): Promise<(images: Url[]) => LibraryAlts> {
  let alts = new Map<string, string>();
  try {
    alts = await libraryAltTexts(urls);
  } catch (error) {
    log("error", "media library alt texts unreadable, rows' own texts shown", errorFields(error));
    markDegraded();
  }
  return (images) => Object.fromEntries(images.flatMap((url) => (url && alts.has(url) ? [[url, alts.get(url)!]] : [])));
}

/** A case's images: its cover and gallery (videos have no alt text). */
const caseImages = (row: { coverImage: string | null; images: string[] }): Url[] => [row.coverImage, ...row.images];

export async function listPortfolio(category: string | null) {
  const rows = (
    await db.portfolioItem.findMany({
      where: category ? { category } : undefined,
      orderBy: SECTIONS.portfolio.publicOrder,
    })
  ).map((r) => ({ ...r, images: urlList(r.images), videos: urlList(r.videos) }));
  const altsOf = await libraryAlts(rows.flatMap(caseImages));
  return rows.map((r) => ({ ...r, alts: altsOf(caseImages(r)) }));
}

export async function listLedPanels() {
  const rows = await db.ledPanel.findMany({ orderBy: SECTIONS.ledPanels.publicOrder });
  const altsOf = await libraryAlts(rows.map((r) => r.photo));
  return rows.map((r) => ({ ...r, alts: altsOf([r.photo]) }));
}

/** The video brand's projects (those of `category` when given), its testimonials, and the hero's
 * background video: the first project's video cover, whatever the filter, so the hero stays put. */
export async function listWindowFilms(category: string | null) {
  const [all, testimonials] = await Promise.all([
    db.windowFilmsProject.findMany({ orderBy: SECTIONS.windowFilmsPortfolio.publicOrder }),
    db.windowFilmsTestimonial.findMany({ orderBy: SECTIONS.windowFilmsTestimonials.publicOrder }),
  ]);
  const projects = all.filter((p) => !category || p.category === category).map((p) => ({ ...p, images: urlList(p.images), videos: urlList(p.videos) }));
  const altsOf = await libraryAlts([...projects.flatMap(caseImages), ...testimonials.map((t) => t.clientPhoto)]);
  return {
    projects: projects.map((p) => ({ ...p, alts: altsOf(caseImages(p)) })),
    testimonials: testimonials.map((t) => ({ ...t, alts: altsOf([t.clientPhoto]) })),
    heroVideo: all.find((p) => isVideoUrl(p.coverImage))?.coverImage ?? null,
  };
}

/** Client logos for the home strip, each with its alt text; a failure is logged and hides the strip. */
export async function listClientLogos() {
  let rows;
  try {
    rows = await db.clientLogo.findMany({ orderBy: SECTIONS.clientLogos.publicOrder });
  } catch (error) {
    // "Error loading logos" is the text operators search the logs for; the strip is hidden.
    log("error", "Error loading logos", { detail: "client logos unreadable, strip hidden", ...errorFields(error) });
    markDegraded();
    return [];
  }
  const altsOf = await libraryAlts(rows.map((r) => r.logoUrl));
  return rows.map((r) => ({ ...r, alts: altsOf([r.logoUrl]) }));
}

export function listCourseTestimonials() {
  return db.courseTestimonial.findMany({ orderBy: SECTIONS.courseTestimonials.publicOrder });
}

export async function listPublishedPosts() {
  let rows;
  try {
    rows = await db.blogPost.findMany({
      where: publicPostWhere(),
      select: { id: true, title: true, slug: true, coverImage: true, excerpt: true, author: true, publishedAt: true },
      orderBy: SECTIONS.blog.publicOrder,
    });
  } catch (error) {
    log("error", "blog posts unreadable, list shown empty", errorFields(error));
    markDegraded();
    return [];
  }
  const altsOf = await libraryAlts(rows.map((r) => r.coverImage));
  return rows.map((r) => ({ ...r, alts: altsOf([r.coverImage]) }));
}

export async function getPublishedPost(slug: string) {
  try {
    return await db.blogPost.findFirst({ where: { slug, ...publicPostWhere() } });
  } catch (error) {
    log("error", "blog post unreadable, answered as not found", { slug, ...errorFields(error) });
    markDegraded();
    return null;
  }
}
