// The public site's reads, one function per list, each in its section's display order (from the
// registry of admin sections, which the admin lists follow too). They read the
// database as any code does: the page cache stores whole pages and expires all of them when the
// content changes (server/page-cache/), so nothing here needs to know about it.
import type { RouterContextProvider } from "react-router";
import { SECTIONS } from "./admin/sections";
import { publicPostWhere } from "./blog-schedule.server";
import { db } from "./db.server";
import { markDegraded } from "./load-status.server";
import { isVideoUrl } from "./media";
import { urlList } from "./url-list";
import { errorFields, log } from "../../server/logger.ts";

/** The category named by `?categoria=`, or null for Todos / unknown values. */
export function categoryFromUrl(url: URL, allowed: readonly string[]): string | null {
  const value = url.searchParams.get("categoria");
  return value && allowed.includes(value) ? value : null;
}

/** The request's context: a failed read marks the page as degraded (never cached). */
type Context = Readonly<RouterContextProvider> | undefined;

export async function listPortfolio(category: string | null) {
  const rows = await db.portfolioItem.findMany({
    where: category ? { category } : undefined,
    orderBy: SECTIONS.portfolio.publicOrder,
  });
  return rows.map((r) => ({ ...r, images: urlList(r.images), videos: urlList(r.videos) }));
}

export function listLedPanels() {
  return db.ledPanel.findMany({ orderBy: SECTIONS.ledPanels.publicOrder });
}

/** The video brand's projects (those of `category` when given), its testimonials, and the hero's
 * background video: the first project's video cover, whatever the filter, so the hero stays put. */
export async function listWindowFilms(category: string | null) {
  const [all, testimonials] = await Promise.all([
    db.windowFilmsProject.findMany({ orderBy: SECTIONS.windowFilmsPortfolio.publicOrder }),
    db.windowFilmsTestimonial.findMany({ orderBy: SECTIONS.windowFilmsTestimonials.publicOrder }),
  ]);
  return {
    projects: all.filter((p) => !category || p.category === category).map((p) => ({ ...p, images: urlList(p.images), videos: urlList(p.videos) })),
    testimonials,
    heroVideo: all.find((p) => isVideoUrl(p.coverImage))?.coverImage ?? null,
  };
}

/** Client logos for the home strip; a failure is logged and hides the strip. */
export async function listClientLogos(context: Context) {
  try {
    return await db.clientLogo.findMany({ orderBy: SECTIONS.clientLogos.publicOrder });
  } catch (error) {
    log("error", "client logos unreadable, strip hidden", errorFields(error));
    markDegraded(context);
    return [];
  }
}

export function listCourseTestimonials() {
  return db.courseTestimonial.findMany({ orderBy: SECTIONS.courseTestimonials.publicOrder });
}

export async function listPublishedPosts(context: Context) {
  try {
    return await db.blogPost.findMany({
      where: publicPostWhere(),
      select: { id: true, title: true, slug: true, coverImage: true, excerpt: true, author: true, publishedAt: true },
      orderBy: SECTIONS.blog.publicOrder,
    });
  } catch (error) {
    log("error", "blog posts unreadable, list shown empty", errorFields(error));
    markDegraded(context);
    return [];
  }
}

export async function getPublishedPost(slug: string, context: Context) {
  try {
    return await db.blogPost.findFirst({ where: { slug, ...publicPostWhere() } });
  } catch (error) {
    log("error", "blog post unreadable, answered as not found", { slug, ...errorFields(error) });
    markDegraded(context);
    return null;
  }
}
