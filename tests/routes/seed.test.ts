// `npm run db:seed`: the admin from env (never a default password in production) and demo
// content that is the same after any number of runs.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import { describe, expect, it, vi } from "vitest";
import { db, dbReady } from "~/lib/db.server";
import { BCRYPT_COST } from "~/lib/password.server";
import { site } from "~/content/site";
import { sanitizeBlogHtml } from "~/lib/sanitize.server";
import { defaultSiteSettings } from "~/lib/site-settings";
import { fromRow } from "~/lib/site-settings.server";
import { seed } from "../../scripts/lib/seed-data/index.ts";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../../scripts/lib/seed-data/demo-admin.ts";

const root = join(import.meta.dirname, "../..");

async function counts() {
  return {
    portfolio: await db.portfolioItem.count(),
    ledPanels: await db.ledPanel.count(),
    windowFilmsProjects: await db.windowFilmsProject.count(),
    windowFilmsTestimonials: await db.windowFilmsTestimonial.count(),
    clientLogos: await db.clientLogo.count(),
    courseTestimonials: await db.courseTestimonial.count(),
    blogPosts: await db.blogPost.count(),
    users: await db.user.count(),
    roles: await db.userRole.count(),
    siteSettings: await db.siteSettings.count(),
  };
}

function runSeedScript(env: Record<string, string | undefined>, args: string[] = []) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  return spawnSync(process.execPath, [join(root, "scripts/seed.ts"), ...args], { cwd: root, env: childEnv, encoding: "utf8" });
}

// bcrypt (cost 12) in pure JavaScript takes seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

describe("seed", () => {
  it("in production without ADMIN_PASSWORD creates no admin and uses no default password", async () => {
    await dbReady;
    const run = runSeedScript({ NODE_ENV: "production", ADMIN_EMAIL: "ops@winddigital.com.br", ADMIN_PASSWORD: undefined }, ["--admin-only"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("no admin created");
    expect(await db.user.count()).toBe(0);
    expect(await db.portfolioItem.count()).toBe(0);

    await seed(db, { NODE_ENV: "production" }, { adminOnly: true });
    expect(await db.user.count()).toBe(0);
  });

  it("in production with ADMIN_PASSWORD creates that admin", async () => {
    await seed(db, { NODE_ENV: "production", ADMIN_EMAIL: "Ops@WindDigital.com.br", ADMIN_PASSWORD: "uma-senha-forte-42" }, { adminOnly: true });
    const user = await db.user.findUniqueOrThrow({ where: { email: "ops@winddigital.com.br" }, include: { roles: true } });
    expect(await bcrypt.compare("uma-senha-forte-42", user.passwordHash!)).toBe(true);
    expect(await bcrypt.compare(DEMO_ADMIN_PASSWORD, user.passwordHash!)).toBe(false);
    expect(user.roles.map((r) => r.role)).toEqual(["admin"]);
    await db.user.delete({ where: { id: user.id } });
  });

  it("outside production creates the demo admin, verifiable with bcrypt", async () => {
    await seed(db, { NODE_ENV: "development" });
    const admin = await db.user.findUniqueOrThrow({ where: { email: DEMO_ADMIN_EMAIL }, include: { roles: true } });
    expect(admin.passwordHash).toMatch(/^\$2[aby]\$/);
    expect(bcrypt.getRounds(admin.passwordHash!)).toBe(BCRYPT_COST);
    expect(await bcrypt.compare(DEMO_ADMIN_PASSWORD, admin.passwordHash!)).toBe(true);
    expect(admin.roles.map((r) => r.role)).toEqual(["admin"]);
  });

  it("run twice (through the script too) leaves the same rows", async () => {
    const first = await counts();
    expect(first).toEqual({
      portfolio: 8,
      ledPanels: 15,
      windowFilmsProjects: 6,
      windowFilmsTestimonials: 3,
      clientLogos: 12,
      courseTestimonials: 3,
      blogPosts: 6,
      users: 1,
      roles: 1,
      siteSettings: 1,
    });
    expect(fromRow(await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } }))).toEqual(defaultSiteSettings);
    const before = await db.blogPost.findMany({ orderBy: { id: "asc" } });
    await seed(db, { NODE_ENV: "development" });
    const run = runSeedScript({ NODE_ENV: "development", ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("blog_posts: 0 added, 6 already there");
    expect(run.stdout).toContain("site_settings: 0 added, 1 already there");
    expect(await counts()).toEqual(first);
    expect(await db.blogPost.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  it("keeps an admin's edits and only restores demo rows that are missing", async () => {
    const panel = await db.ledPanel.findFirstOrThrow({ where: { title: { contains: "Panel 02" } } });
    await db.ledPanel.update({ where: { id: panel.id }, data: { reach: "editado pelo admin" } });
    const logo = await db.clientLogo.findFirstOrThrow();
    await db.clientLogo.delete({ where: { id: logo.id } });
    await db.siteSettings.update({ where: { id: 1 }, data: { email: "novo@exemplo.com.br" } });
    await seed(db, { NODE_ENV: "development" });
    expect((await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } })).email).toBe("novo@exemplo.com.br");
    expect((await db.ledPanel.findUniqueOrThrow({ where: { id: panel.id } })).reach).toBe("editado pelo admin");
    expect(await db.clientLogo.findUnique({ where: { id: logo.id } })).not.toBeNull();
    expect(await db.clientLogo.count()).toBe(12);
  });

  it("does not recreate a demo post whose slug an admin has reused", async () => {
    const post = await db.blogPost.findFirstOrThrow({ where: { slug: "video-vertical-como-prender-a-atencao" } });
    await db.blogPost.delete({ where: { id: post.id } });
    await db.blogPost.create({ data: { title: "Meu post", slug: post.slug, coverImage: "/x.webp", excerpt: "x", content: "<p>x</p>" } });
    await seed(db, { NODE_ENV: "development" });
    expect(await db.blogPost.count({ where: { slug: post.slug } })).toBe(1);
    expect(await db.blogPost.count()).toBe(6);
  });

  it("demo content covers what the public pages need", async () => {
    const categories = new Set((await db.portfolioItem.findMany()).map((p) => p.category));
    expect([...categories].sort()).toEqual(["IA", "Sites", "Social Media", "Tráfego", "Vídeos"]);

    const panels = await db.ledPanel.findMany({ orderBy: { createdAt: "desc" } });
    const featured = panels.filter((p) => /panel (01|08|14)/i.test(p.title)).map((p) => p.title.slice(0, 8));
    expect(featured).toEqual(["Panel 01", "Panel 08", "Panel 14"]);
    for (const p of panels) expect(p.title).toMatch(/Goiânia|Setor|Jardim|Centro|Região|Aparecida/);

    const wfCategories = new Set((await db.windowFilmsProject.findMany()).map((p) => p.category));
    expect([...wfCategories].sort()).toEqual(["Comercial", "Corporativo", "Edição", "Eventos"]);
    expect(await db.windowFilmsTestimonial.count({ where: { videoUrl: { not: null } } })).toBe(1);

    const posts = await db.blogPost.findMany();
    expect(posts.filter((p) => !p.isPublished)).toHaveLength(1);
    for (const post of posts.filter((p) => p.isPublished && p.title !== "Meu post")) {
      expect(post.publishedAt).toBeInstanceOf(Date);
      for (const tag of ["<h2>", "<p>", "<ul>", "<a "]) expect(post.content).toContain(tag);
      expect(sanitizeBlogHtml(post.content)).toBe(post.content);
    }
    expect(posts.filter((p) => p.author === site.brandName).length).toBeGreaterThanOrEqual(4);
  });

  it("every demo media URL points to a file shipped in public/", async () => {
    const urls = [
      ...(await db.portfolioItem.findMany()).flatMap((p) => [p.coverImage, ...(p.images as string[]), ...(p.videos as string[])]),
      ...(await db.ledPanel.findMany()).map((p) => p.photo),
      ...(await db.windowFilmsProject.findMany()).flatMap((p) => [p.coverImage, ...(p.images as string[]), ...(p.videos as string[])]),
      ...(await db.windowFilmsTestimonial.findMany()).flatMap((t) => [t.clientPhoto, t.videoUrl]),
      ...(await db.clientLogo.findMany()).map((l) => l.logoUrl),
      ...(await db.courseTestimonial.findMany()).map((c) => c.videoUrl),
      ...(await db.blogPost.findMany({ where: { slug: { not: "video-vertical-como-prender-a-atencao" } } })).map((b) => b.coverImage),
    ].filter((u): u is string => Boolean(u));
    expect(urls.length).toBeGreaterThan(80);
    const missing = urls.filter((u) => !u.startsWith("/demo/") || !existsSync(join(root, "public", u)));
    expect(missing).toEqual([]);
    // Every clip has its poster next to it.
    const videos = urls.filter((u) => u.endsWith(".mp4"));
    expect(videos.filter((u) => !existsSync(join(root, "public", u.replace(/\.mp4$/, ".webp"))))).toEqual([]);
  });
});
