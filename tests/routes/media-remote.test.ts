// Images from other sites through /img, and the guard around the server-side fetch: "another
// site" is a real HTTP server on 127.0.0.2 (tests/helpers/other-host.ts), allowed by the test-only
// IMG_TEST_ALLOW_HOSTS; everything else private is refused, before and after DNS, on every
// redirect hop, with non-image, oversized and slow answers refused too. Also the disk cache:
// keyed on what the image is (query variants of a local src are refused, not cached anew), and
// bounded in size.
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mkdtempSync } from "node:fs";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bytes, startOtherHost, type OtherHost } from "../helpers/other-host";
import { getRequest, routeArgs } from "../helpers/request";
import { requestInfoContext } from "~/lib/request-info.server";

process.env.MAX_IMAGE_MB = "1";
process.env.IMG_TEST_ALLOW_HOSTS = "127.0.0.2";
const publicDir = mkdtempSync(join(tmpdir(), "public-"));
process.env.PUBLIC_DIR = publicDir;

const img = await import("~/routes/img");
const { imageCache } = await import("~/lib/media/image.server");
const { remoteLimits } = await import("~/lib/media/remote-image.server");
const { storage, randomKey } = await import("~/lib/storage/index.server");

const { db } = await import("~/lib/db.server");
const { bumpContentVersion } = await import("~/lib/content-version.server");
const { sessionCookie } = await import("./admin-fixtures");

const WEBP = "image/webp,*/*";
const request = (src: string, width = 320, accept = WEBP, init: { cookie?: string; ip?: string } = {}) => {
  const args = routeArgs(getRequest(`/img?src=${encodeURIComponent(src)}&w=${width}`, { headers: { Accept: accept }, cookie: init.cookie }));
  if (init.ip) args.context.set(requestInfoContext, { ip: init.ip, requestId: "-" });
  return img.loader(args) as Promise<Response>;
};

/** Saves `src` in content as an admin would (a client logo), so the image route may fetch it. */
const saved = new Set<string>();
async function publish(src: string): Promise<void> {
  if (saved.has(src)) return;
  await db.clientLogo.create({ data: { clientName: `Logo ${saved.size}`, logoUrl: src } });
  await bumpContentVersion();
  saved.add(src);
}

/** A visitor's request for a URL an admin saved. */
const get = async (src: string, width = 320, accept = WEBP) => {
  if (/^[a-z]+:/i.test(src)) await publish(src);
  return request(src, width, accept);
};

async function picture(width: number, height: number, format: "jpeg" | "png" = "jpeg") {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

function cacheFiles(): string[] {
  const root = join(process.env.UPLOADS_DIR!, ".image-cache");
  try {
    return readdirSync(root).flatMap((dir) => readdirSync(join(root, dir)).map((name) => join(root, dir, name)));
  } catch {
    return [];
  }
}

let other: OtherHost;
let photo: Buffer;

beforeAll(async () => {
  other = await startOtherHost();
  photo = await picture(1200, 600);
  other.route("/foto.jpg", bytes(photo, "image/jpeg"));
  other.route("/sem-extensao", bytes(photo, "application/octet-stream"));
  other.route(
    "/logo.svg",
    bytes('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><rect width="200" height="80" fill="#f60"/></svg>', "image/svg+xml"),
  );
  other.route("/pagina.jpg", bytes("<!doctype html><title>não é imagem</title>", "image/jpeg"));
  other.route("/texto", bytes("só texto", "text/plain"));
  const big = Buffer.alloc(2 * 1024 * 1024, 1);
  other.route("/grande.jpg", bytes(big, "image/jpeg"));
  other.route("/grande-sem-tamanho.jpg", (_req, res) => {
    res.writeHead(200, { "Content-Type": "image/jpeg" });
    res.end(big); // chunked: no Content-Length to refuse it by
  });
  other.route("/lento.jpg", (_req, res) => {
    res.writeHead(200, { "Content-Type": "image/jpeg" });
    res.write(photo.subarray(0, 100)); // then nothing more: the fetch must give up by itself
  });
  other.route("/mudo.jpg", () => undefined); // never answers
  other.route("/erro.jpg", (_req, res) => res.writeHead(500).end());
  other.route("/para-foto", (_req, res) => res.writeHead(302, { Location: "/foto.jpg" }).end());
  other.route("/para-loopback", (_req, res) => res.writeHead(302, { Location: `http://127.0.0.1:${new URL(other.origin).port}/foto.jpg` }).end());
  other.route("/para-localhost", (_req, res) => res.writeHead(301, { Location: "http://localhost/foto.jpg" }).end());
  other.route("/para-metadados", (_req, res) => res.writeHead(307, { Location: "http://169.254.169.254/latest/meta-data" }).end());
  other.route("/para-arquivo", (_req, res) => res.writeHead(302, { Location: "file:///etc/passwd" }).end());
  other.route("/laco", (_req, res) => res.writeHead(302, { Location: "/laco" }).end());
});

afterAll(async () => {
  await other.stop();
});

describe("images from other sites", () => {
  it("fetches, resizes and re-encodes them, once (then from the disk cache)", async () => {
    const src = `${other.origin}/foto.jpg`;
    const response = await get(src, 640);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({ width: 640, height: 320, format: "webp" });
    expect((await get(src, 640)).status).toBe(200);
    expect((await get(`${src}#outra-ancora`, 640)).status).toBe(200); // the fragment never reaches the other site
    expect(other.hits.get("/foto.jpg")).toBe(1);
  });

  it("sniffs the bytes, not the name or the Content-Type", async () => {
    expect((await get(`${other.origin}/sem-extensao`)).status).toBe(200);
    for (const path of ["/pagina.jpg", "/texto"]) {
      const response = await get(`${other.origin}${path}`);
      expect(response.status, path).toBe(422);
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await response.text()).toBe("O endereço não contém uma imagem");
    }
  });

  it("rasterizes another site's SVG (never serves it as SVG)", async () => {
    const response = await get(`${other.origin}/logo.svg`, 160, "image/png,*/*");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(160);
  });

  it("refuses bodies over MAX_IMAGE_MB, with or without Content-Length (413)", async () => {
    for (const path of ["/grande.jpg", "/grande-sem-tamanho.jpg"]) {
      const response = await get(`${other.origin}${path}`);
      expect(response.status, path).toBe(413);
      expect(await response.text()).toBe("Imagem grande demais");
    }
  });

  it("gives up on slow and silent servers within the time limit (422)", async () => {
    remoteLimits.timeoutMs = 1_000;
    try {
      for (const path of ["/lento.jpg", "/mudo.jpg"]) {
        const started = Date.now();
        const response = await get(`${other.origin}${path}`);
        expect(response.status, path).toBe(422);
        expect(await response.text()).toBe("A imagem demorou demais para responder");
        expect(Date.now() - started).toBeLessThan(3_000);
      }
    } finally {
      remoteLimits.timeoutMs = 8_000;
    }
  });

  it("answers 404 for a missing or failing image", async () => {
    expect((await get(`${other.origin}/nada.jpg`)).status).toBe(404);
    expect((await get(`${other.origin}/erro.jpg`)).status).toBe(404);
  });
});

describe("only images an admin saved", () => {
  it("refuses a URL no content holds, at once, without any request, and lets the refusal be cached", async () => {
    const src = `${other.origin}/foto.jpg?nunca-salva`;
    for (const width of [160, 320, 640]) {
      const response = await request(src, width);
      expect(response.status).toBe(403);
      expect(await response.text()).toBe("Imagem não publicada no site");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    }
    expect(other.hits.get("/foto.jpg?nunca-salva")).toBeUndefined();
  });

  it("allows the image of every field that holds one, blog HTML included, and no longer once it is removed", async () => {
    const url = (name: string) => `${other.origin}/foto.jpg?campo=${name}`;
    const portfolio = await db.portfolioItem.create({
      data: { title: "P", category: "IA", description: "d", result: "r", coverImage: url("capa-portfolio"), images: [url("galeria-portfolio")] },
    });
    await db.ledPanel.create({ data: { title: "L", description: "d", reach: "r", flow: "f", primaryFlow: "f", photo: url("painel") } });
    await db.windowFilmsProject.create({ data: { title: "W", coverImage: url("capa-films"), images: [url("galeria-films")] } });
    await db.windowFilmsTestimonial.create({ data: { clientName: "C", testimonial: "t", clientPhoto: url("depoimento") } });
    await db.blogPost.create({
      data: {
        title: "B",
        slug: `b-${Date.now()}`,
        excerpt: "e",
        content: `<p>texto</p><img src="${url("no-texto").replaceAll("&", "&amp;")}" alt="x">`,
        coverImage: url("capa-blog"),
        socialImage: url("social"),
      },
    });
    await bumpContentVersion();
    const fields = ["capa-portfolio", "galeria-portfolio", "painel", "capa-films", "galeria-films", "depoimento", "no-texto", "capa-blog", "social"];
    for (const field of fields) expect((await request(url(field), 160)).status, field).toBe(200);

    await db.portfolioItem.delete({ where: { id: portfolio.id } });
    await bumpContentVersion();
    // A cached variant is not a licence: the URL left content, the route refuses it.
    expect((await request(url("capa-portfolio"), 160)).status).toBe(403);
    expect((await request(url("painel"), 160)).status).toBe(200);
  });

  it("lets a signed-in admin preview a URL before saving it; other cookies change nothing", async () => {
    const src = `${other.origin}/foto.jpg?previa`;
    expect((await request(src, 160, WEBP, { cookie: await sessionCookie() })).status).toBe(200);
    expect((await request(src, 320, WEBP, { cookie: await sessionCookie({ admin: false }) })).status).toBe(403);
    expect((await request(src, 320, WEBP, { cookie: "__admin_session=forjado" })).status).toBe(403);
  });

  it("counts the variants each address has made (misses), not those served from the cache", async () => {
    const previous = img.imageMissLimit.perMinute;
    img.imageMissLimit.perMinute = 3;
    try {
      const src = `${other.origin}/foto.jpg?limite`;
      await publish(src);
      for (const width of [160, 320, 480]) expect((await request(src, width, WEBP, { ip: "198.51.100.7" })).status).toBe(200);
      const refused = await request(src, 640, WEBP, { ip: "198.51.100.7" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      // Cached variants still answer that address; another address still makes new ones.
      expect((await request(src, 160, WEBP, { ip: "198.51.100.7" })).status).toBe(200);
      expect((await request(src, 640, WEBP, { ip: "198.51.100.8" })).status).toBe(200);
    } finally {
      img.imageMissLimit.perMinute = previous;
    }
  });
});

describe("the fetch guard", () => {
  it("refuses private, loopback, link-local and reserved addresses before any request (403)", async () => {
    const port = new URL(other.origin).port;
    for (const src of [
      `http://127.0.0.1:${port}/foto.jpg`,
      "http://127.0.0.1/foto.jpg",
      "http://2130706433/foto.jpg", // 127.0.0.1 written as a number
      "http://0x7f.1/foto.jpg",
      "http://localhost/foto.jpg", // a name: refused after DNS resolves it to 127.0.0.1
      "http://[::1]/foto.jpg",
      "http://[::ffff:127.0.0.1]/foto.jpg",
      "http://[::ffff:7f00:1]/foto.jpg",
      "http://0.0.0.0/foto.jpg",
      "http://10.1.2.3/foto.jpg",
      "http://172.16.0.1/foto.jpg",
      "http://192.168.0.1/foto.jpg",
      "http://169.254.169.254/latest/meta-data",
      "http://100.64.0.1/foto.jpg",
      "http://[fd00::1]/foto.jpg",
      "http://[fe80::1]/foto.jpg",
      // IPv6 spellings that carry an IPv4 address, and site-local: judged as that IPv4 or refused.
      "http://[::127.0.0.1]/foto.jpg",
      "http://[::ffff:0:127.0.0.1]/foto.jpg",
      "http://[64:ff9b::127.0.0.1]/foto.jpg",
      "http://[64:ff9b::a9fe:a9fe]/latest/meta-data",
      "http://[64:ff9b:1::8.8.8.8]/foto.jpg",
      "http://[2002:7f00:1::1]/foto.jpg",
      "http://[2002:a9fe:a9fe::]/latest/meta-data",
      "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/foto.jpg",
      "http://[fec0::1]/foto.jpg",
      "https://example.com:8443/foto.jpg", // a public name on a non-default port
    ]) {
      const response = await get(src);
      expect(response.status, src).toBe(403);
      expect(await response.text(), src).toBe("Endereço de imagem não permitido");
    }
  });

  it("refuses other schemes and credentials (400)", async () => {
    for (const src of [
      "file:///etc/passwd",
      "ftp://example.com/a.jpg",
      "data:image/png;base64,AAAA",
      "http://user:senha@example.com/a.jpg",
      "javascript:alert(1)",
    ]) {
      expect((await get(src)).status, src).toBe(400);
    }
  });

  it("checks every redirect hop: private targets refused, at most 3 hops", async () => {
    expect((await get(`${other.origin}/para-foto`)).status).toBe(200);
    for (const path of ["/para-loopback", "/para-localhost", "/para-metadados", "/para-arquivo"]) {
      const response = await get(`${other.origin}${path}`);
      expect(response.status, path).toBe(403);
    }
    const loop = await get(`${other.origin}/laco`);
    expect(loop.status).toBe(422);
    expect(await loop.text()).toBe("Redirecionamentos demais");
    expect(other.hits.get("/laco")).toBe(4);
  });

  it("honours the test allowance only when NODE_ENV is test", async () => {
    process.env.NODE_ENV = "production";
    try {
      const response = await get(`${other.origin}/foto.jpg`, 480);
      expect(response.status).toBe(403);
    } finally {
      process.env.NODE_ENV = "test";
    }
  });
});

describe("the image cache", () => {
  let objectSrc = "";

  beforeAll(async () => {
    mkdirSync(join(publicDir, "demo"), { recursive: true });
    writeFileSync(join(publicDir, "demo", "banner.jpg"), await picture(800, 400));
    const store = await storage();
    const key = randomKey("jpg");
    await store.put("portfolio-media", key, Readable.from([await picture(900, 450)]), "image/jpeg");
    objectSrc = `/media/portfolio-media/${key}`;
  });

  it("refuses a local src with a query or fragment, and writes nothing for it", async () => {
    expect((await get(objectSrc, 160)).status).toBe(200);
    expect((await get("/demo/banner.jpg", 160)).status).toBe(200);
    const before = cacheFiles().length;
    for (let i = 0; i < 30; i++) {
      for (const src of [`${objectSrc}?${i}.jpg`, `${objectSrc}#${i}.jpg`, `/demo/banner.jpg?${i}.jpg`, `/demo/banner.jpg#x${i}.jpg`]) {
        const response = await get(src, 160);
        expect(response.status, src).toBe(400);
        expect(await response.text()).toBe("Imagem inválida");
      }
    }
    expect(cacheFiles().length).toBe(before);
  });

  it("stays under its size bound, evicting the least recently used variants", async () => {
    const previous = imageCache.maxBytes;
    const sizes = () => cacheFiles().reduce((sum, file) => sum + statSync(file).size, 0);
    imageCache.maxBytes = sizes() + 20_000;
    try {
      for (const width of [160, 320, 480, 640, 768, 960, 1280, 1600, 1920] as const) {
        for (const accept of ["image/avif,*/*", WEBP, "*/*"]) {
          expect((await get("/demo/banner.jpg", width, accept)).status).toBe(200);
          expect(sizes()).toBeLessThanOrEqual(imageCache.maxBytes);
        }
      }
      // The variant just made is kept; the oldest ones went first.
      expect((await get("/demo/banner.jpg", 1920, "*/*")).status).toBe(200);
    } finally {
      imageCache.maxBytes = previous;
    }
  });
});
