// The public site's reads (spec §7.2), one function per list, in the spec's orders.
import { db } from "./db.server";
import { isVideoUrl } from "./media";

/** `images`/`videos` JSON columns as a clean list of URLs. */
export function urlList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === "string" && v.trim() !== "").map((v) => v.trim());
}

/** The category named by `?categoria=`, or null for Todos / unknown values. */
export function categoryFromUrl(url: URL, allowed: readonly string[]): string | null {
  const value = url.searchParams.get("categoria");
  return value && value !== "Todos" && allowed.includes(value) ? value : null;
}

export async function listPortfolio(category: string | null) {
  const rows = await db.portfolioItem.findMany({
    where: category ? { category } : undefined,
    orderBy: { createdAt: "desc" },
  });
  return rows.map((r) => ({ ...r, images: urlList(r.images), videos: urlList(r.videos) }));
}

export async function listLedPanels() {
  return db.ledPanel.findMany({ orderBy: { createdAt: "desc" } });
}

/** The video brand's projects (those of `category` when given), its testimonials, and the hero's
 * background video: the first project's video cover, whatever the filter, so the hero stays put. */
export async function listWindowFilms(category: string | null) {
  const order = [{ orderIndex: "asc" as const }, { createdAt: "desc" as const }];
  const [all, testimonials] = await Promise.all([
    db.windowFilmsProject.findMany({ orderBy: order }),
    db.windowFilmsTestimonial.findMany({ orderBy: order }),
  ]);
  return {
    projects: all
      .filter((p) => !category || p.category === category)
      .map((p) => ({ ...p, images: urlList(p.images), videos: urlList(p.videos) })),
    testimonials,
    heroVideo: all.find((p) => isVideoUrl(p.coverImage))?.coverImage ?? null,
  };
}

/** Client logos for the home strip; a failure is logged and hides the strip (spec §8.2). */
export async function listClientLogos() {
  try {
    return await db.clientLogo.findMany({ orderBy: [{ orderIndex: "asc" }, { createdAt: "asc" }] });
  } catch (error) {
    console.error("Error loading logos", error);
    return [];
  }
}

export async function listCourseTestimonials() {
  return db.courseTestimonial.findMany({ orderBy: [{ displayOrder: "asc" }, { createdAt: "asc" }] });
}

export async function listPublishedPosts() {
  try {
    return await db.blogPost.findMany({
      where: { isPublished: true },
      select: { id: true, title: true, slug: true, coverImage: true, excerpt: true, author: true, publishedAt: true },
      orderBy: [{ publishedAt: "desc" }, { createdAt: "desc" }],
    });
  } catch (error) {
    console.error("Error loading posts", error);
    return [];
  }
}

export async function getPublishedPost(slug: string) {
  try {
    return await db.blogPost.findFirst({ where: { slug, isPublished: true } });
  } catch (error) {
    console.error("Error loading post", error);
    return null;
  }
}
