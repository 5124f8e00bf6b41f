// The media library's alt text on every public page that shows a stored image, over real HTTP on
// the production server and this file's database: the row's own words (title, client name)
// describe an image until staff describe the file in the library; from then on the library's text
// does, on the cached pages at once (saving it in /admin/midia is an admin write, which expires
// every cached page). A file given no text, or its text emptied, falls back to the row's words.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { objectFromUrl } from "~/lib/storage/index.server";
import { png, sessionCookie } from "./admin-fixtures";
import { startServer, type RunningServer } from "../helpers/platform-server";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  // A minute between reads of the content version: only the admin write itself can refresh the cache.
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET, PAGE_CACHE_CHECK_MS: "60000" });
  cookie = await sessionCookie();
}, 120_000);

afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const run = randomUUID().slice(0, 8);
const get = (path: string) => fetch(`${server.baseUrl}${path}`, { redirect: "manual" });

/** Sends a file ahead of a save, as the forms do with JavaScript; answers its URL. */
async function upload(target: string, name: string): Promise<string> {
  const form = new FormData();
  // Bytes of its own each time: the library keeps one file for the same bytes sent again.
  form.append("arquivo", png(name));
  const response = await fetch(`${server.baseUrl}/admin/midia/enviar?destino=${target}`, { method: "POST", body: form, headers: { cookie } });
  const body = (await response.json()) as { file: { url: string } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.file.url;
}

/** Describes a file in the media library, as staff do on its card in /admin/midia. */
async function describeInLibrary(url: string, alt: string): Promise<void> {
  const object = objectFromUrl(url)!;
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent: "alt", id: `${object.bucket}/${object.key}`, alt, legenda: "", voltar: "/admin/midia" })) {
    form.append(name, value);
  }
  const response = await fetch(`${server.baseUrl}/admin/midia`, { method: "POST", body: form, headers: { cookie }, redirect: "manual" });
  expect(response.status, await response.text()).toBe(302);
}

/** The page as a visitor gets it from a warm cache (asked until the cache answers). */
async function cached(path: string): Promise<string> {
  for (;;) {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    const html = await response.text();
    if (response.headers.get("x-cache") === "HIT") return html;
  }
}

/** The alt text of every <img> of `html` that shows the file named `name` (the logo strip's second, hidden copy has none). */
function altsOf(html: string, name: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => /\bsrc="([^"]*)"/.exec(tag)?.[1]?.includes(name))
    .map((tag) => /\balt="([^"]*)"/.exec(tag)?.[1] ?? "(none)");
}

interface Shown {
  page: string;
  url: string;
  /** The row's own words, shown until the library describes the file. */
  rowText: string;
}

describe("library alt text on the public pages", () => {
  const shown: Shown[] = [];

  beforeAll(async () => {
    const file = (label: string) => `${label}-${run}.png`;
    const logo = await upload("client-logos:logo_file", file("logo"));
    const cover = await upload("portfolio:cover_image", file("case"));
    const gallery = await upload("midia:arquivo_portfolio", file("galeria"));
    const panel = await upload("led-panels:photo", file("painel"));
    const project = await upload("window-films-portfolio:cover_image", file("filme"));
    const photo = await upload("midia:arquivo_portfolio", file("cliente"));
    const blogCover = await upload("blog:cover_image", file("capa"));

    await db.clientLogo.create({ data: { clientName: `Cliente Logo ${run}`, logoUrl: logo } });
    const item = await db.portfolioItem.create({
      data: { title: `Case Alfa ${run}`, category: "IA", description: "D", result: "R", coverImage: cover, images: [gallery] },
    });
    await db.ledPanel.create({ data: { title: `Painel Beta ${run}`, description: "D", primaryFlow: "F", reach: "A", flow: "F", photo: panel } });
    const films = await db.windowFilmsProject.create({ data: { title: `Filme Gama ${run}`, coverImage: project, images: [gallery] } });
    await db.windowFilmsTestimonial.create({ data: { clientName: `Cliente Delta ${run}`, clientPhoto: photo, testimonial: "Ótimo." } });
    await db.blogPost.create({
      data: { title: `Post Épsilon ${run}`, slug: `post-${run}`, coverImage: blogCover, excerpt: "Resumo", content: "<p>Texto</p>", publishedAt: new Date() },
    });

    shown.push(
      { page: "/", url: logo, rowText: `Cliente Logo ${run}` },
      { page: "/portfolio", url: cover, rowText: `Case Alfa ${run}` },
      { page: `/portfolio?midia=${item.id}&item=1`, url: gallery, rowText: `Case Alfa ${run}` },
      { page: "/led-panels", url: panel, rowText: `Painel Beta ${run}` },
      { page: "/window-films", url: project, rowText: `Filme Gama ${run}` },
      { page: `/window-films?midia=${films.id}&item=1`, url: gallery, rowText: `Filme Gama ${run}` },
      { page: "/window-films", url: photo, rowText: `Cliente Delta ${run}` },
      // In the list, the card's title follows its cover: a cover the library does not describe is decoration.
      { page: "/blog", url: blogCover, rowText: "" },
      { page: `/blog/post-${run}`, url: blogCover, rowText: `Post Épsilon ${run}` },
    );
  }, 60_000);

  const nameOf = (url: string) => url.split("/").pop()!;

  it("the row's own words describe an image the library does not", async () => {
    for (const { page, url, rowText } of shown) {
      expect(altsOf(await cached(page), nameOf(url))[0], `${page} ${nameOf(url)}`).toBe(rowText);
    }
  });

  it("the library's alt text wins on every page once set, cached pages included, and the row's words return when it is emptied", async () => {
    for (const { page } of shown) await cached(page); // every page cached before the edit
    const described = new Map([...new Set(shown.map((s) => s.url))].map((url, i) => [url, `Descricao da biblioteca ${i} ${run}`]));
    for (const [url, alt] of described) await describeInLibrary(url, alt);
    for (const { page, url } of shown) {
      expect(altsOf(await cached(page), nameOf(url))[0], `${page} ${nameOf(url)}`).toBe(described.get(url));
    }

    for (const url of described.keys()) await describeInLibrary(url, "");
    for (const { page, url, rowText } of shown) {
      expect(altsOf(await cached(page), nameOf(url))[0], `${page} ${nameOf(url)}`).toBe(rowText);
    }
  });
});
