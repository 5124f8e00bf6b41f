// The page cache after a content change, on the production server (server/index.ts as a child
// process, on this file's database): every kind of content an admin edits shows at once on the
// pages that show it. A change expires every page (nothing per read to register); a page whose
// content did not change keeps its ETag, so browsers that have it get a 304.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpContentVersion } from "~/lib/content-version.server";
import { db } from "~/lib/db.server";
import { getSiteSettings, saveSiteSettings } from "~/lib/site-settings.server";
import { startServer, type RunningServer } from "../helpers/platform-server";

let server: RunningServer;
beforeAll(async () => {
  // The cache re-reads the content version for every request: what a test changes shows at once.
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET, PAGE_CACHE_CHECK_MS: "0" });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const POST_SLUG = `post-do-cache-${randomUUID().slice(0, 8)}`;
const PAGES = [
  "/",
  "/sobre",
  "/servicos",
  "/portfolio",
  "/portfolio?categoria=Sites",
  "/led-panels",
  "/window-films",
  "/curso",
  "/blog",
  `/blog/${POST_SLUG}`,
  "/contato",
  "/termos-uso",
];

interface Answer {
  status: number;
  cache: string | null;
  etag: string | null;
  html: string;
}

async function get(path: string): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, { redirect: "manual" });
  return { status: response.status, cache: response.headers.get("x-cache"), etag: response.headers.get("etag"), html: await response.text() };
}

/** Every page, asked twice so each is stored: their ETags. */
async function warm(): Promise<Map<string, string>> {
  const etags = new Map<string, string>();
  for (const path of PAGES) {
    await get(path);
    const answer = await get(path);
    expect(answer.status, path).toBe(200);
    expect(answer.cache, path).toBe("HIT");
    etags.set(path, answer.etag!);
  }
  return etags;
}

/** After `change`: the pages in `shownOn` show `text` (rendered again), every other page is the same page (its ETag). */
async function expectChange(change: () => Promise<unknown>, text: string, shownOn: string[]) {
  const before = await warm();
  for (const path of shownOn) expect((await get(path)).html, `${path} before`).not.toContain(text);
  await change();
  await bumpContentVersion();
  for (const path of PAGES) {
    const answer = await get(path);
    expect(answer.status, path).toBe(200);
    expect(answer.cache, `${path}: every page expires with a change`).toBe("MISS");
    if (shownOn.includes(path)) {
      expect(answer.html, path).toContain(text);
      expect(answer.etag, path).not.toBe(before.get(path));
    } else {
      expect(answer.etag, path).toBe(before.get(path));
      const revalidated = await fetch(`${server.baseUrl}${path}`, { headers: { "If-None-Match": before.get(path)! } });
      expect(revalidated.status, path).toBe(304);
    }
  }
}

beforeAll(async () => {
  await db.blogPost.create({
    data: {
      title: "Post do cache",
      slug: POST_SLUG,
      coverImage: "/capa.jpg",
      excerpt: "Resumo do post do cache",
      content: "<p>Primeira versão</p>",
      publishedAt: new Date(Date.now() - 60_000),
    },
  });
  await bumpContentVersion();
});

describe("after a change, the page cache", () => {
  it("renders again the LED panels page only, for a new panel; then for its removal", async () => {
    const title = `Painel ${randomUUID().slice(0, 8)}`;
    let id = "";
    await expectChange(
      async () => ({ id } = await db.ledPanel.create({ data: { title, description: "Descrição", primaryFlow: "Fluxo", reach: "10 mil", flow: "Alto" } })),
      title,
      ["/led-panels"],
    );
    const before = await warm();
    await db.ledPanel.delete({ where: { id } });
    await bumpContentVersion();
    const panels = await get("/led-panels");
    expect(panels.cache).toBe("MISS");
    expect(panels.html).not.toContain(title);
    expect((await get("/sobre")).etag).toBe(before.get("/sobre"));
  });

  it("shows a portfolio case on the portfolio and its category, nowhere else", async () => {
    const title = `Caso ${randomUUID().slice(0, 8)}`;
    await expectChange(() => db.portfolioItem.create({ data: { title, category: "Sites", description: "Descrição", result: "Resultado" } }), title, [
      "/portfolio",
      "/portfolio?categoria=Sites",
    ]);
  });

  it("shows the video brand's projects and testimonials on its page", async () => {
    const title = `Projeto ${randomUUID().slice(0, 8)}`;
    await expectChange(() => db.windowFilmsProject.create({ data: { title, category: "Eventos" } }), title, ["/window-films"]);
    const client = `Cliente ${randomUUID().slice(0, 8)}`;
    await expectChange(() => db.windowFilmsTestimonial.create({ data: { clientName: client, testimonial: "Ótimo trabalho." } }), client, ["/window-films"]);
  });

  it("shows a client logo on the home page and a course testimonial on the course page", async () => {
    const client = `Marca ${randomUUID().slice(0, 8)}`;
    await expectChange(() => db.clientLogo.create({ data: { clientName: client, logoUrl: "/demo/logos/araguaia-imoveis.webp" } }), client, ["/"]);
    const student = `Aluno ${randomUUID().slice(0, 8)}`;
    await expectChange(() => db.courseTestimonial.create({ data: { studentName: student, videoUrl: "https://www.youtube.com/embed/abc123" } }), student, [
      "/curso",
    ]);
  });

  it("shows a post's new text on its page, and a new post on the blog", async () => {
    await expectChange(() => db.blogPost.update({ where: { slug: POST_SLUG }, data: { content: "<p>Segunda versão</p>" } }), "Segunda versão", [
      `/blog/${POST_SLUG}`,
    ]);
    const title = `Artigo ${randomUUID().slice(0, 8)}`;
    await expectChange(
      () =>
        db.blogPost.create({
          data: {
            title,
            slug: `artigo-${randomUUID().slice(0, 8)}`,
            coverImage: "/capa.jpg",
            excerpt: "Resumo",
            content: "<p>Texto</p>",
            publishedAt: new Date(),
          },
        }),
      title,
      ["/blog"],
    );
  });

  it("renders every page again for a change of the site settings, which every page shows", async () => {
    const email = `contato-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    await expectChange(async () => saveSiteSettings({ ...(await getSiteSettings()), email }), email, PAGES);
  });

  it("keeps the blog's ETag for a new draft, which no public read returns", async () => {
    const before = await warm();
    await db.blogPost.create({
      data: {
        title: "Rascunho",
        slug: `rascunho-${randomUUID().slice(0, 8)}`,
        coverImage: "/capa.jpg",
        excerpt: "Resumo",
        content: "<p>Texto</p>",
        isPublished: false,
      },
    });
    await bumpContentVersion();
    const blog = await get("/blog");
    expect(blog.etag).toBe(before.get("/blog"));
  });
});
