// The whole seed as one function, so `npm run db:seed` and the tests run the same code.
// Demo rows have fixed ids: a run inserts only the demo rows that are missing and never touches
// existing ones, so running it again leaves the same rows (and keeps an admin's edits).
import type { Db } from "../../../app/lib/db.server.ts";
import { sanitizeBlogHtml } from "../../../app/lib/sanitize.server.ts";
import { seedAdmin, type AdminSource } from "./admin.ts";
import { seedDemoAnalytics } from "./analytics.ts";
import { blogPosts } from "./blog.ts";
import { clientLogos } from "./client-logos.ts";
import { courseTestimonials } from "./course.ts";
import { ledPanels } from "./led-panels.ts";
import { portfolioItems } from "./portfolio.ts";
import { siteSettingsRow } from "./site-settings.ts";
import { windowFilmsProjects, windowFilmsTestimonials } from "./window-films.ts";

export interface SeedOptions {
  /** Only the admin, no demo content (`npm run db:seed -- --admin-only`). */
  adminOnly?: boolean;
}

/** The ids of `rows` that are not in the table yet (found by `existing`). */
async function missing<T extends { id?: string }>(rows: T[], existing: (ids: string[]) => Promise<{ id: string }[]>) {
  const ids = rows.map((r) => r.id!);
  const present = new Set((await existing(ids)).map((r) => r.id));
  return rows.filter((r) => !present.has(r.id!));
}

async function seedDemoContent(db: Db): Promise<string[]> {
  const where = (ids: string[]) => ({ where: { id: { in: ids } }, select: { id: true } });
  return db.$transaction(
    async (tx) => {
      const report: string[] = [];
      const add = (table: string, inserted: number, total: number) => report.push(`${table}: ${inserted} added, ${total - inserted} already there`);

      const portfolio = await missing(portfolioItems, (ids) => tx.portfolioItem.findMany(where(ids)));
      for (const data of portfolio) await tx.portfolioItem.create({ data });
      add("portfolio_items", portfolio.length, portfolioItems.length);

      const panels = await missing(ledPanels, (ids) => tx.ledPanel.findMany(where(ids)));
      for (const data of panels) await tx.ledPanel.create({ data });
      add("led_panels", panels.length, ledPanels.length);

      const projects = await missing(windowFilmsProjects, (ids) => tx.windowFilmsProject.findMany(where(ids)));
      for (const data of projects) await tx.windowFilmsProject.create({ data });
      add("window_films_portfolio", projects.length, windowFilmsProjects.length);

      const testimonials = await missing(windowFilmsTestimonials, (ids) => tx.windowFilmsTestimonial.findMany(where(ids)));
      for (const data of testimonials) await tx.windowFilmsTestimonial.create({ data });
      add("window_films_testimonials", testimonials.length, windowFilmsTestimonials.length);

      const logos = await missing(clientLogos, (ids) => tx.clientLogo.findMany(where(ids)));
      for (const data of logos) await tx.clientLogo.create({ data });
      add("client_logos", logos.length, clientLogos.length);

      const course = await missing(courseTestimonials, (ids) => tx.courseTestimonial.findMany(where(ids)));
      for (const data of course) await tx.courseTestimonial.create({ data });
      add("course_testimonials", course.length, courseTestimonials.length);

      // A post is also left alone when an admin has since given its slug to another post.
      const taken = await tx.blogPost.findMany({
        where: { OR: [{ id: { in: blogPosts.map((p) => p.id!) } }, { slug: { in: blogPosts.map((p) => p.slug) } }] },
        select: { id: true, slug: true },
      });
      const takenIds = new Set(taken.map((p) => p.id));
      const takenSlugs = new Set(taken.map((p) => p.slug));
      const posts = blogPosts.filter((p) => !takenIds.has(p.id!) && !takenSlugs.has(p.slug));
      for (const data of posts) await tx.blogPost.create({ data: { ...data, content: sanitizeBlogHtml(data.content) } });
      add("blog_posts", posts.length, blogPosts.length);

      const settingsMissing = !(await tx.siteSettings.findUnique({ where: { id: 1 }, select: { id: true } }));
      if (settingsMissing) await tx.siteSettings.create({ data: siteSettingsRow });
      add("site_settings", settingsMissing ? 1 : 0, 1);

      if (report.some((line) => !line.includes(": 0 added"))) {
        await tx.contentVersion.upsert({ where: { id: 1 }, create: { id: 1, version: 1 }, update: { version: { increment: 1 } } });
      }
      return report;
    },
    { timeout: 30_000 },
  );
}

export async function seed(db: Db, source: AdminSource, options: SeedOptions = {}): Promise<string[]> {
  const report = [await seedAdmin(db, source)];
  if (!options.adminOnly) report.push(...(await seedDemoContent(db)), await seedDemoAnalytics(db, source));
  return report;
}
