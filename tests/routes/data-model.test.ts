// Create, read, update and delete of every entity through Prisma, with the columns' defaults
// and JSON lists. Runs on SQLite, and on PostgreSQL with TEST_DATABASE=postgres.
import { describe, expect, it } from "vitest";
import { db, dbReady, isPostgres } from "~/lib/db.server";
import { site } from "~/content/site";

const url = (name: string) => `/media/portfolio-media/${name}`;

/** created_at defaults to the moment of the insert. */
function expectNow(date: Date) {
  expect(date).toBeInstanceOf(Date);
  expect(Math.abs(date.getTime() - Date.now())).toBeLessThan(60_000);
}

describe(`data model on ${process.env.TEST_DATABASE === "postgres" ? "PostgreSQL" : "SQLite"}`, () => {
  it("uses the database the test run asked for", async () => {
    await dbReady;
    expect(isPostgres).toBe(process.env.TEST_DATABASE === "postgres");
  });

  it("portfolio_items: CRUD with image and video URL lists", async () => {
    const created = await db.portfolioItem.create({
      data: { title: "Caso", category: "IA", description: "Descrição", result: "+40% de vendas" },
    });
    expect(created.images).toEqual([]);
    expect(created.videos).toEqual([]);
    expect(created.coverImage).toBeNull();
    expectNow(created.createdAt);

    const images = [url("1.webp"), url("2.png"), "https://exemplo.com.br/ação?x=1&y=ç"];
    await db.portfolioItem.update({
      where: { id: created.id },
      data: { images, videos: ["https://youtu.be/abc123xyz"], coverImage: url("capa.mp4"), category: "Sites" },
    });
    const read = await db.portfolioItem.findUniqueOrThrow({ where: { id: created.id } });
    expect(read).toMatchObject({ images, videos: ["https://youtu.be/abc123xyz"], coverImage: url("capa.mp4"), category: "Sites" });

    await db.portfolioItem.delete({ where: { id: created.id } });
    expect(await db.portfolioItem.findUnique({ where: { id: created.id } })).toBeNull();
  });

  it("led_panels: CRUD, newest first", async () => {
    const older = await db.ledPanel.create({
      data: { title: "Panel 01", description: "d", primaryFlow: "Av. T-63", reach: "1 mi", flow: "50 mil", createdAt: new Date(Date.now() - 60_000) },
    });
    const newer = await db.ledPanel.create({
      data: { title: "Panel 02", description: "d", primaryFlow: "Av. 85", reach: "2 mi", flow: "60 mil", photo: url("p.jpg") },
    });
    expectNow(newer.createdAt);
    expect(older.photo).toBeNull();
    expect((await db.ledPanel.findMany({ orderBy: { createdAt: "desc" } })).map((p) => p.id)).toEqual([newer.id, older.id]);
    await db.ledPanel.update({ where: { id: older.id }, data: { reach: "3 mi", photo: url("q.jpg") } });
    expect(await db.ledPanel.findUniqueOrThrow({ where: { id: older.id } })).toMatchObject({ reach: "3 mi", photo: url("q.jpg") });
    await db.ledPanel.deleteMany({ where: { id: { in: [older.id, newer.id] } } });
    expect(await db.ledPanel.count()).toBe(0);
  });

  it("window_films_portfolio: defaults Corporativo and order_index 0, lists, ordering", async () => {
    const a = await db.windowFilmsProject.create({ data: { title: "Projeto A" } });
    expect(a).toMatchObject({ category: "Corporativo", orderIndex: 0, images: [], videos: [], client: null });
    expectNow(a.createdAt);
    const b = await db.windowFilmsProject.create({
      data: {
        title: "Projeto B",
        category: "Eventos",
        client: "Cliente",
        challenge: "c",
        solution: "s",
        result: "r",
        orderIndex: -1,
        videos: ["https://vimeo.com/123"],
      },
    });
    const ordered = await db.windowFilmsProject.findMany({ orderBy: [{ orderIndex: "asc" }, { createdAt: "desc" }] });
    expect(ordered.map((p) => p.id)).toEqual([b.id, a.id]);
    await db.windowFilmsProject.update({ where: { id: a.id }, data: { category: "Edição", images: [url("x.webp")] } });
    expect(await db.windowFilmsProject.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ category: "Edição", images: [url("x.webp")] });
    await db.windowFilmsProject.delete({ where: { id: a.id } });
    await db.windowFilmsProject.delete({ where: { id: b.id } });
    expect(await db.windowFilmsProject.count()).toBe(0);
  });

  it("window_films_testimonials: rating 5 and order_index 0 by default", async () => {
    const t = await db.windowFilmsTestimonial.create({ data: { clientName: "Ana", testimonial: "Ótimo trabalho!" } });
    expect(t).toMatchObject({ rating: 5, orderIndex: 0, clientRole: null, clientCompany: null, clientPhoto: null, videoUrl: null });
    expectNow(t.createdAt);
    await db.windowFilmsTestimonial.update({ where: { id: t.id }, data: { rating: 4, videoUrl: url("v.mp4"), orderIndex: 2 } });
    expect(await db.windowFilmsTestimonial.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ rating: 4, videoUrl: url("v.mp4"), orderIndex: 2 });
    await db.windowFilmsTestimonial.delete({ where: { id: t.id } });
    expect(await db.windowFilmsTestimonial.count()).toBe(0);
  });

  it("client_logos: order_index 0 by default, ordered by order_index then created_at", async () => {
    const first = await db.clientLogo.create({ data: { clientName: "Marca A", logoUrl: url("a.png"), createdAt: new Date(Date.now() - 1000) } });
    const second = await db.clientLogo.create({ data: { clientName: "Marca B", logoUrl: url("b.png") } });
    const top = await db.clientLogo.create({ data: { clientName: "Marca C", logoUrl: url("c.png"), orderIndex: -5 } });
    expect(first.orderIndex).toBe(0);
    expectNow(second.createdAt);
    const ordered = await db.clientLogo.findMany({ orderBy: [{ orderIndex: "asc" }, { createdAt: "asc" }] });
    expect(ordered.map((l) => l.id)).toEqual([top.id, first.id, second.id]);
    await db.clientLogo.update({ where: { id: second.id }, data: { clientName: "Marca B2" } });
    expect((await db.clientLogo.findUniqueOrThrow({ where: { id: second.id } })).clientName).toBe("Marca B2");
    await db.clientLogo.deleteMany();
    expect(await db.clientLogo.count()).toBe(0);
  });

  it("course_testimonials: order_index 0 by default", async () => {
    const c = await db.courseTestimonial.create({ data: { studentName: "João", videoUrl: url("course-testimonials/1.mp4") } });
    expect(c.orderIndex).toBe(0);
    expectNow(c.createdAt);
    await db.courseTestimonial.update({ where: { id: c.id }, data: { orderIndex: 3, studentName: "João Pedro" } });
    expect(await db.courseTestimonial.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({ orderIndex: 3, studentName: "João Pedro" });
    await db.courseTestimonial.delete({ where: { id: c.id } });
    expect(await db.courseTestimonial.count()).toBe(0);
  });

  it("blog_posts: published by default, author is the brand, slug unique, updated_at moves", async () => {
    const post = await db.blogPost.create({
      data: {
        title: "Título",
        slug: "titulo",
        coverImage: "/demo/blog/x.webp",
        excerpt: "Resumo",
        content: "<h2>Olá</h2><p>Texto com acentuação: ção, ã, é.</p>",
      },
    });
    expect(post).toMatchObject({ isPublished: true, author: site.brandName, publishedAt: null });
    expectNow(post.createdAt);
    expectNow(post.updatedAt);

    await expect(db.blogPost.create({ data: { title: "Outro", slug: "titulo", coverImage: "/x.webp", excerpt: "e", content: "c" } })).rejects.toMatchObject({
      code: "P2002",
    });

    await new Promise((r) => setTimeout(r, 20));
    const publishedAt = new Date("2026-11-01T12:00:00Z");
    const updated = await db.blogPost.update({ where: { id: post.id }, data: { isPublished: false, publishedAt, author: "Maria" } });
    expect(updated).toMatchObject({ isPublished: false, publishedAt, author: "Maria" });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(post.updatedAt.getTime());
    expect(await db.blogPost.findUnique({ where: { slug: "titulo" } })).toMatchObject({ id: post.id, content: post.content });
    expect(await db.blogPost.findFirst({ where: { slug: "titulo", isPublished: true } })).toBeNull();

    await db.blogPost.delete({ where: { id: post.id } });
    expect(await db.blogPost.count()).toBe(0);
  });

  it("users, user_roles and sessions: unique e-mail, admin role lookup, cascade on delete", async () => {
    const user = await db.user.create({ data: { email: "ana@exemplo.com.br", passwordHash: "$2b$12$hash" } });
    expectNow(user.createdAt);
    await expect(db.user.create({ data: { email: "ana@exemplo.com.br", passwordHash: "x" } })).rejects.toMatchObject({ code: "P2002" });

    await db.userRole.create({ data: { userId: user.id, role: "admin" } });
    await expect(db.userRole.create({ data: { userId: user.id, role: "admin" } })).rejects.toMatchObject({ code: "P2002" });
    const role = await db.userRole.findUnique({ where: { userId_role: { userId: user.id, role: "admin" } } });
    expect(role).toEqual({ userId: user.id, role: "admin" });

    const expiresAt = new Date(Date.now() + 3_600_000);
    await db.session.create({ data: { id: "s".repeat(43), userId: user.id, expiresAt } });
    expect(await db.session.findUniqueOrThrow({ where: { id: "s".repeat(43) } })).toMatchObject({ userId: user.id, expiresAt });

    await db.user.update({ where: { id: user.id }, data: { passwordHash: "$2b$12$other" } });
    await db.user.delete({ where: { id: user.id } });
    expect(await db.userRole.count()).toBe(0);
    expect(await db.session.count()).toBe(0);
  });

  it("rate_limits, chat_conversations and content_version", async () => {
    const resetAt = new Date(Date.now() + 60_000);
    await db.rateLimit.create({ data: { key: "login:1.2.3.4", count: 1, resetAt } });
    await db.rateLimit.update({ where: { key: "login:1.2.3.4" }, data: { count: { increment: 1 } } });
    expect(await db.rateLimit.findUniqueOrThrow({ where: { key: "login:1.2.3.4" } })).toMatchObject({ count: 2, resetAt });
    await db.rateLimit.delete({ where: { key: "login:1.2.3.4" } });

    const messages = [
      { role: "assistant", content: "Olá! Como posso ajudar?" },
      { role: "user", content: "Quero um orçamento 😊" },
    ];
    await db.chatConversation.create({ data: { id: "c1" } });
    expect((await db.chatConversation.findUniqueOrThrow({ where: { id: "c1" } })).messages).toEqual([]);
    await db.chatConversation.update({ where: { id: "c1" }, data: { messages } });
    expect((await db.chatConversation.findUniqueOrThrow({ where: { id: "c1" } })).messages).toEqual(messages);
    await db.chatConversation.delete({ where: { id: "c1" } });

    const version = await db.contentVersion.upsert({ where: { id: 1 }, create: {}, update: { version: { increment: 1 } } });
    expect(version.id).toBe(1);
    const bumped = await db.contentVersion.update({ where: { id: 1 }, data: { version: { increment: 1 } } });
    expect(bumped.version).toBe(version.version + 1);
  });
});
