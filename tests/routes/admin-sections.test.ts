// Every admin section's action: anonymous → login, non-admin → refused, valid input writes the
// row (and bumps the content version), invalid input answers 400 with field errors and writes nothing.
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectErrorOutput } from "../helpers/error-trap";
import { db } from "~/lib/db.server";
import { currentContentVersion } from "~/lib/content-version.server";
import * as portfolio from "~/routes/admin.portfolio";
import * as films from "~/routes/admin.window-films-portfolio";
import * as filmsTestimonials from "~/routes/admin.window-films-testimonials";
import * as logos from "~/routes/admin.client-logos";
import * as course from "~/routes/admin.course-testimonials";
import { dataOf, expectGuarded, fakePng, formRequest, getRequest, mp4, png, responseOf, routeArgs, sessionCookie, svg } from "./admin-fixtures";

async function files(bucket: string, folder = ""): Promise<string[]> {
  return readdir(join(process.env.UPLOADS_DIR!, bucket, folder)).catch(() => []);
}

/** Saving or deleting a row never deletes its files (only the media library does): tests that
 * keep files clear the bucket afterwards, so the next test's "no file kept" checks stay exact. */
async function clearFiles(bucket: string) {
  await rm(join(process.env.UPLOADS_DIR!, bucket), { recursive: true, force: true });
}

describe("/admin/portfolio", () => {
  const PATH = "/admin/portfolio";
  const valid = { title: "Loja Bella", category: "Social Media", description: "Gestão de redes.", result: "+300% de alcance" };

  it("is guarded", async () => {
    await expectGuarded(portfolio.action, PATH, valid);
    expect(await db.portfolioItem.count()).toBe(0);
  });

  it("creates with a cover in portfolio-media and URL lists (trimmed, blanks ignored), edits and deletes", async () => {
    const cookie = await sessionCookie();
    const version = await currentContentVersion();
    const created = await responseOf(
      portfolio.action,
      formRequest(
        PATH,
        {
          ...valid,
          images: " https://a.example/1.jpg \n\n https://a.example/2.jpg ",
          videos: ["https://youtu.be/dQw4w9WgXcQ", "  "],
          cover_image: mp4("capa.mp4"),
        },
        { cookie },
      ),
    );
    expect(created.headers.get("Location")).toBe(PATH);
    const item = await db.portfolioItem.findFirstOrThrow();
    expect(item.images).toEqual(["https://a.example/1.jpg", "https://a.example/2.jpg"]);
    expect(item.videos).toEqual(["https://youtu.be/dQw4w9WgXcQ"]);
    expect(item.coverImage).toMatch(/^\/media\/portfolio-media\/capa-[a-z2-7]{13}\.mp4$/);
    expect(await currentContentVersion()).toBe(version + 1);

    await responseOf(portfolio.action, formRequest(PATH, { ...valid, id: item.id, title: "Loja Bella 2", cover_image: png() }, { cookie }));
    const edited = await db.portfolioItem.findUniqueOrThrow({ where: { id: item.id } });
    expect(edited.title).toBe("Loja Bella 2");
    // The replaced cover stays in the media library.
    expect((await files("portfolio-media")).sort()).toEqual([item.coverImage!.split("/").pop(), edited.coverImage!.split("/").pop()].sort());

    await responseOf(portfolio.action, formRequest(PATH, { intent: "delete", id: item.id }, { cookie }));
    expect(await db.portfolioItem.count()).toBe(0);
    expect(await files("portfolio-media")).toHaveLength(2);
    await clearFiles("portfolio-media");
  });

  it("answers 400 with field errors and writes nothing", async () => {
    const cookie = await sessionCookie();
    const { status, body } = await dataOf(portfolio.action, formRequest(PATH, { category: "Todos" }, { cookie }));
    expect(status).toBe(400);
    expect(Object.keys(body.lastResult!.error!)).toEqual(expect.arrayContaining(["title", "category", "description", "result"]));
    expect(body.lastResult!.error!.title).toEqual(["Título é obrigatório"]);
    expect(await db.portfolioItem.count()).toBe(0);
  });

  it("refuses a polyglot (HTML named .png) and an SVG: 'Arquivo inválido', no row, no file", async () => {
    const cookie = await sessionCookie();
    for (const file of [fakePng(), svg()]) {
      const { status, body } = await dataOf(portfolio.action, formRequest(PATH, { ...valid, cover_image: file }, { cookie }));
      expect(status).toBe(400);
      expect(body.toast).toEqual({ type: "error", title: "Arquivo inválido", description: "Por favor, selecione uma imagem ou vídeo." });
      expect(body.lastResult!.error!.cover_image).toEqual(["Por favor, selecione uma imagem ou vídeo."]);
    }
    expect(await db.portfolioItem.count()).toBe(0);
    expect(await files("portfolio-media")).toEqual([]);
  });

  it("lists newest first, and the list reads 'Nenhum projeto cadastrado' when empty (loader data)", async () => {
    const cookie = await sessionCookie();
    const data = (await portfolio.loader(routeArgs(getRequest(PATH, { cookie })))) as { items: unknown[] };
    expect(data.items).toEqual([]);
  });
});

describe("/admin/window-films-portfolio", () => {
  const PATH = "/admin/window-films-portfolio";
  const valid = { title: "Institucional Acme", category: "Corporativo", client: "Acme", order_index: "abc" };

  it("is guarded", async () => {
    await expectGuarded(films.action, PATH, valid);
    expect(await db.windowFilmsProject.count()).toBe(0);
  });

  it("creates (order_index non-numeric → 0), updates and deletes", async () => {
    const cookie = await sessionCookie();
    await responseOf(films.action, formRequest(PATH, { ...valid, videos: "https://www.youtube.com/embed/dQw4w9WgXcQ", cover_image: png() }, { cookie }));
    const project = await db.windowFilmsProject.findFirstOrThrow();
    expect(project).toMatchObject({
      title: valid.title,
      category: "Corporativo",
      client: "Acme",
      orderIndex: 0,
      videos: ["https://www.youtube.com/embed/dQw4w9WgXcQ"],
    });
    await responseOf(films.action, formRequest(PATH, { ...valid, id: project.id, category: "Edição", order_index: "3" }, { cookie }));
    expect(await db.windowFilmsProject.findUniqueOrThrow({ where: { id: project.id } })).toMatchObject({
      category: "Edição",
      orderIndex: 3,
      coverImage: project.coverImage,
    });
    await responseOf(films.action, formRequest(PATH, { intent: "delete", id: project.id }, { cookie }));
    expect(await db.windowFilmsProject.count()).toBe(0);
    expect(await files("portfolio-media")).toEqual([project.coverImage!.split("/").pop()]);
    await clearFiles("portfolio-media");
  });

  it("answers 400 for a missing title or a category outside the list", async () => {
    const cookie = await sessionCookie();
    const { status, body } = await dataOf(films.action, formRequest(PATH, { title: "", category: "IA" }, { cookie }));
    expect(status).toBe(400);
    expect(body.lastResult!.error).toMatchObject({ title: ["Título é obrigatório"], category: ["Categoria é obrigatória"] });
    expect(await db.windowFilmsProject.count()).toBe(0);
  });
});

describe("/admin/window-films-testimonials", () => {
  const PATH = "/admin/window-films-testimonials";
  const valid = { client_name: "Marina Costa", client_role: "CEO", client_company: "Acme", testimonial: "Excelente trabalho.", rating: "x", order_index: "y" };

  it("is guarded", async () => {
    await expectGuarded(filmsTestimonials.action, PATH, valid);
    expect(await db.windowFilmsTestimonial.count()).toBe(0);
  });

  it("creates with rating non-numeric → 5 and order_index → 0, updates, deletes", async () => {
    const cookie = await sessionCookie();
    await responseOf(filmsTestimonials.action, formRequest(PATH, valid, { cookie }));
    const row = await db.windowFilmsTestimonial.findFirstOrThrow();
    expect(row).toMatchObject({ clientName: "Marina Costa", rating: 5, orderIndex: 0, videoUrl: null });
    await responseOf(filmsTestimonials.action, formRequest(PATH, { ...valid, id: row.id, rating: "4", video_url: "https://youtu.be/dQw4w9WgXcQ" }, { cookie }));
    expect(await db.windowFilmsTestimonial.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ rating: 4, videoUrl: "https://youtu.be/dQw4w9WgXcQ" });
    await responseOf(filmsTestimonials.action, formRequest(PATH, { intent: "delete", id: row.id }, { cookie }));
    expect(await db.windowFilmsTestimonial.count()).toBe(0);
  });

  it("answers 400 for missing name/testimonial, non-URL photo/video, rating out of range", async () => {
    const cookie = await sessionCookie();
    const { status, body } = await dataOf(
      filmsTestimonials.action,
      formRequest(PATH, { client_photo: "foto.jpg", video_url: "javascript:alert(1)", rating: "9" }, { cookie }),
    );
    expect(status).toBe(400);
    expect(Object.keys(body.lastResult!.error!)).toEqual(expect.arrayContaining(["client_name", "testimonial", "client_photo", "video_url", "rating"]));
    expect(await db.windowFilmsTestimonial.count()).toBe(0);
  });

  it("previews 150 characters", () => {
    expect(filmsTestimonials.preview("a".repeat(200))).toBe(`${"a".repeat(150)}...`);
  });
});

describe("/admin/client-logos", () => {
  const PATH = "/admin/client-logos";

  it("is guarded", async () => {
    await expectGuarded(logos.action, PATH, { client_name: "Acme", logo_url: "https://a.example/l.png" });
    expect(await db.clientLogo.count()).toBe(0);
  });

  it("adds by upload (images only) or by URL, replaces it (the file stays in the library) and removes the logo", async () => {
    const cookie = await sessionCookie();
    await responseOf(logos.action, formRequest(PATH, { client_name: "Acme", order_index: "2", logo_file: png("acme.png") }, { cookie }));
    const logo = await db.clientLogo.findFirstOrThrow();
    expect(logo.logoUrl).toMatch(/^\/media\/portfolio-media\/acme-[a-z2-7]{13}\.png$/);
    expect(logo.orderIndex).toBe(2);
    await responseOf(logos.action, formRequest(PATH, { id: logo.id, client_name: "Acme", logo_url: "https://cdn.example/acme.webp" }, { cookie }));
    expect((await db.clientLogo.findUniqueOrThrow({ where: { id: logo.id } })).logoUrl).toBe("https://cdn.example/acme.webp");
    expect(await files("portfolio-media")).toEqual([logo.logoUrl.split("/").pop()]);
    await clearFiles("portfolio-media");
    await responseOf(logos.action, formRequest(PATH, { intent: "delete", id: logo.id }, { cookie }));
    expect(await db.clientLogo.count()).toBe(0);
  });

  it("answers 404 to a save for a logo that no longer exists, writing no row and keeping no file", async () => {
    const cookie = await sessionCookie();
    const stale = await dataOf(logos.action, formRequest(PATH, { id: "apagado-ha-pouco", client_name: "Acme", logo_file: png() }, { cookie }));
    expect(stale.status).toBe(404);
    expect(await db.clientLogo.count()).toBe(0);
    expect(await files("portfolio-media")).toEqual([]);
  });

  it("answers 400 without name or logo, and refuses a video as a logo", async () => {
    const cookie = await sessionCookie();
    const empty = await dataOf(logos.action, formRequest(PATH, { client_name: "" }, { cookie }));
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.lastResult!.error!)).toEqual(expect.arrayContaining(["client_name", "logo_url"]));
    const video = await dataOf(logos.action, formRequest(PATH, { client_name: "Acme", logo_file: mp4() }, { cookie }));
    expect(video.status).toBe(400);
    expect(video.body.toast).toEqual({ type: "error", title: "Erro no upload", description: "Não foi possível enviar o logo" });
    expect(await db.clientLogo.count()).toBe(0);
    expect(await files("portfolio-media")).toEqual([]);
  });
});

describe("/admin/course-testimonials", () => {
  const PATH = "/admin/course-testimonials";

  it("is guarded", async () => {
    await expectGuarded(course.action, PATH, { student_name: "João", video_url: mp4() });
    expect(await db.courseTestimonial.count()).toBe(0);
  });

  it("creates with the video under course-testimonials/, edits keeping it, deletes the row (the video stays in the library)", async () => {
    const cookie = await sessionCookie();
    await responseOf(course.action, formRequest(PATH, { student_name: "João", display_order: "1", video_url: mp4() }, { cookie }));
    const row = await db.courseTestimonial.findFirstOrThrow();
    expect(row.videoUrl).toMatch(/^\/media\/portfolio-media\/course-testimonials\/video-[a-z2-7]{13}\.mp4$/);
    await responseOf(course.action, formRequest(PATH, { id: row.id, student_name: "João Pedro", display_order: "z" }, { cookie }));
    expect(await db.courseTestimonial.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      studentName: "João Pedro",
      orderIndex: 0,
      videoUrl: row.videoUrl,
    });
    await responseOf(course.action, formRequest(PATH, { intent: "delete", id: row.id }, { cookie }));
    expect(await db.courseTestimonial.count()).toBe(0);
    expect(await files("portfolio-media", "course-testimonials")).toEqual([row.videoUrl!.split("/").pop()]);
    await clearFiles("portfolio-media");
  });

  it("answers 400 with 'Nome é obrigatório' and refuses a save without a video", async () => {
    const cookie = await sessionCookie();
    const { status, body } = await dataOf(course.action, formRequest(PATH, { student_name: "" }, { cookie }));
    expect(status).toBe(400);
    expect(body.lastResult!.error).toMatchObject({ student_name: ["Nome é obrigatório"], video_url: [course.VIDEO_REQUIRED] });
    const noVideo = await dataOf(course.action, formRequest(PATH, { student_name: "Ana" }, { cookie }));
    expect(noVideo.status).toBe(400);
    const image = await dataOf(course.action, formRequest(PATH, { student_name: "Ana", video_url: png() }, { cookie }));
    expect(image.status).toBe(400);
    expect(image.body.toast?.title).toMatch(/^Erro ao enviar vídeo: /);
    expect(await db.courseTestimonial.count()).toBe(0);
    expect(await files("portfolio-media", "course-testimonials")).toEqual([]);
  });

  it("saves with a video picked from the media library; a refused pick says why instead of asking for a video", async () => {
    const cookie = await sessionCookie();
    await responseOf(course.action, formRequest(PATH, { student_name: "Primeiro", video_url: mp4() }, { cookie }));
    const { videoUrl } = await db.courseTestimonial.findFirstOrThrow();

    const picked = await responseOf(course.action, formRequest(PATH, { student_name: "Da biblioteca", video_url_biblioteca: videoUrl }, { cookie }));
    expect(picked.headers.get("Location")).toBe(PATH);
    expect(await db.courseTestimonial.findFirstOrThrow({ where: { studentName: "Da biblioteca" } })).toMatchObject({ videoUrl });

    const foreign = await dataOf(course.action, formRequest(PATH, { student_name: "Ana", video_url_biblioteca: "https://exemplo.com/a.mp4" }, { cookie }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.lastResult!.error).toMatchObject({ video_url: ["O arquivo escolhido não está na biblioteca de mídia."] });
    expect(await db.courseTestimonial.count()).toBe(2);
    await db.courseTestimonial.deleteMany();
    await clearFiles("portfolio-media");
  });
});

describe("sectionLoader", () => {
  it("renders the list page empty with the section's load error when the list cannot be read", async () => {
    expectErrorOutput();
    const { sectionLoader } = await import("~/lib/admin/section.server");
    const cookie = await sessionCookie();
    const failing = () => Promise.reject(new Error("connection refused\nstack details"));
    const projects = await sectionLoader(getRequest("/admin/portfolio", { cookie }), failing, { title: "Erro ao carregar projetos" });
    expect(projects.items).toEqual([]);
    expect(projects.loadError).toEqual({ title: "Erro ao carregar projetos", description: "connection refused" });
    const posts = await sectionLoader(getRequest("/admin/blog", { cookie }), failing, {
      title: "Erro ao carregar posts",
      description: "Tente novamente mais tarde",
    });
    expect(posts.loadError).toEqual({ title: "Erro ao carregar posts", description: "Tente novamente mais tarde" });
  });
});
