// What the production server answers to plain HTTP requests for public documents, checked without a
// browser (these checks used to run in the browser suite, twice: JavaScript on and off, although
// no script is involved): the not-found page, the sitemap and robots.txt, the home sections sent
// once in the document, and the chat webhook's address kept out of the page and its scripts; and
// the image route's resizing of demo images and path tricks sent raw, which never leave the media
// folder.
import { connect } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { startServer, type RunningServer } from "../helpers/platform-server";

// Never contacted here: the chat is not used, only its address must not leak.
const WEBHOOK = "http://127.0.0.1:9/webhook/segredo-da-automacao";
let server: RunningServer;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });

beforeAll(async () => {
  await db.clientLogo.create({ data: { clientName: "Logo A", logoUrl: "/a.png", orderIndex: 0 } });
  await db.blogPost.createMany({
    data: [
      { title: "Publicado", slug: "publicado", coverImage: "/x.jpg", excerpt: "e", content: "<p>ok</p>", publishedAt: new Date("2026-01-10T12:00:00Z") },
      {
        title: "Rascunho",
        slug: "rascunho",
        coverImage: "/x.jpg",
        excerpt: "e",
        content: "<p>ok</p>",
        isPublished: false,
        publishedAt: new Date("2026-01-11T12:00:00Z"),
      },
    ],
  });
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, CHAT_WEBHOOK_URL: WEBHOOK });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

describe("public documents over HTTP", () => {
  it.each(["/pagina-que-nao-existe", "/nada-aqui/nem-ali"])("%s answers 404 with the not-found page and a way home", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>[^<]*Voltar para o início/);
  });

  it("sitemap.xml lists published posts only, robots.txt disallows /admin", async () => {
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain("/blog/publicado</loc><lastmod>");
    expect(sitemap).not.toContain("/blog/rascunho");
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
  });

  it("the chat webhook's address reaches neither the page nor any script it loads", async () => {
    const html = await (await get("/")).text();
    expect(html).not.toContain("segredo-da-automacao");
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of new Set(scripts)) expect(await (await get(script)).text(), script).not.toContain("segredo-da-automacao");
  });

  it("the home document carries its static sections once (not again in its hydration data)", async () => {
    const html = await (await get("/", { cookie: "cookieConsent=accepted" })).text();
    for (const text of ["TEMOS A CONFIANÇA", "Metodologia em 5 fases", "Dúvidas frequentes sobre Transformação Digital"]) {
      expect(html.split(text).length - 1, text).toBe(1);
    }
  });
});

/** Sends the request line exactly as written (no client-side URL normalising). */
function rawGet(path: string): Promise<string> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    });
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("the server's own health while answering", () => {
  it("answers missing files and resource routes with an extension without warning of a listener leak", async () => {
    // Paths with an extension are tried as files first, then answered by the app: the answer must
    // not pile up listeners (Node warns past ten of one kind on one answer).
    for (const path of ["/nao-existe.png", "/favicon-antigo.ico", "/sitemap.xml", "/robots.txt", "/", "/blog/publicado"]) {
      for (let i = 0; i < 2; i++) await (await get(path, { "Accept-Encoding": "br, gzip" })).arrayBuffer();
    }
    expect(server.output()).not.toMatch(/MaxListenersExceededWarning|Warning: /);
  });
});

describe("media over HTTP", () => {
  it("demo images under public/ are resized to the asked width and format", async () => {
    const response = await get("/img?src=%2Fdemo%2Fled%2Fpanel-01.webp&w=480", { Accept: "image/webp,*/*" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(480);
    expect((await get("/img?src=%2Fdemo%2Fled%2Fpanel-01.webp&w=500")).status).toBe(400);
  });

  it("path tricks sent raw never leave the media folder", async () => {
    for (const path of [
      "/media/../../package.json",
      "/media/portfolio-media/../../../package.json",
      "/media/portfolio-media/..%2f..%2f..%2fpackage.json",
      "/media/portfolio-media/%2e%2e/%2e%2e/%2e%2e/package.json",
      "/media/portfolio-media/..%5c..%5c..%5cpackage.json",
      "/media//etc/passwd",
      "/media/portfolio-media/%2Fetc%2Fpasswd",
      "/img?src=%2F..%2F..%2Fpackage.json&w=320",
      "/img?src=%2Fdemo%2F..%2F..%2Fpackage.json&w=320",
    ]) {
      const answer = await rawGet(path);
      expect(answer, path).toMatch(/^HTTP\/1\.1 (400|404)/);
      expect(answer, path).not.toContain('"name": "agencia-site"');
      expect(answer, path).not.toContain("root:x:0:0");
    }
  });
});
