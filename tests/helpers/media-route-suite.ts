// The media and image routes' suite, run once per backend (tests/routes/media-local.test.ts and
// media-s3.test.ts): objects are written with storage().put, as the admin's upload does, and
// read back through /media, /img and their public URL; uploads through the upload route get
// names of their own that nobody can guess, and files stored under older names keep their addresses.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { formRequest, getRequest, routeArgs } from "./request";

type MediaModule = typeof import("~/routes/media.$");
type ImgModule = typeof import("~/routes/img");
type StorageModule = typeof import("~/lib/storage/index.server");

export interface SuiteOptions {
  /** Runs before the app's modules load (S3: start s3rver and set S3_* variables). */
  configure(): Promise<void>;
  /** Whether publicUrl is another origin that must serve the object by itself. */
  directPublicUrl: boolean;
}

const AVIF = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";
const WEBP = "image/webp,*/*";

async function photo(width: number, height: number, format: "jpeg" | "png") {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 30 } } })
    .toFormat(format)
    .toBuffer();
}

export function mediaRouteSuite(name: string, options: SuiteOptions) {
  let configured: Promise<void> | undefined;
  /** Once per file, whichever describe block starts first (S3: one s3rver). */
  const configure = () => (configured ??= options.configure());

  describe(`media on ${name}`, () => {
    let media: MediaModule;
    let img: ImgModule;
    let storageModule: StorageModule;
    const video = randomBytes(50_000);
    let videoKey = "";
    let videoUrl = "";
    let photoUrl = "";

    const mediaGet = (path: string, headers: Record<string, string> = {}, method = "GET") => {
      const request = new Request(`http://localhost:3000${path}`, { method, headers });
      // React Router decodes each segment of the splat but keeps encoded slashes as %2F.
      const splat = new URL(request.url).pathname
        .replace(/^\/media\//, "")
        .split("/")
        .map((part) => {
          try {
            return decodeURIComponent(part).replace(/\//g, "%2F");
          } catch {
            return part;
          }
        })
        .join("/");
      return media.loader(routeArgs(request, { "*": splat }));
    };
    const imgGet = (src: string, width: number, accept = AVIF, headers: Record<string, string> = {}) =>
      img.loader(routeArgs(getRequest(`/img?src=${encodeURIComponent(src)}&w=${width}`, { headers: { Accept: accept, ...headers } })));

    beforeAll(async () => {
      const publicDir = mkdtempSync(join(tmpdir(), "public-"));
      mkdirSync(join(publicDir, "demo"));
      writeFileSync(join(publicDir, "demo", "banner.png"), await photo(1000, 500, "png"));
      process.env.PUBLIC_DIR = publicDir;
      await configure();
      storageModule = await import("~/lib/storage/index.server");
      media = await import("~/routes/media.$");
      img = await import("~/routes/img");

      const store = await storageModule.storage();
      videoKey = storageModule.randomKey("mp4", "course-testimonials");
      await store.put("portfolio-media", videoKey, Readable.from([video]), "video/mp4");
      videoUrl = store.publicUrl("portfolio-media", videoKey);
      const photoKey = storageModule.randomKey("jpg");
      await store.put("portfolio-media", photoKey, Readable.from([await photo(1200, 800, "jpeg")]), "image/jpeg");
      photoUrl = store.publicUrl("portfolio-media", photoKey);
    });

    it("serves an upload at /media with its type, nosniff, immutable caching and validators", async () => {
      const response = await mediaGet(`/media/portfolio-media/${videoKey}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("video/mp4");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("Accept-Ranges")).toBe("bytes");
      expect(response.headers.get("Content-Length")).toBe(String(video.length));
      expect(response.headers.get("ETag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(response.headers.get("Last-Modified")).toMatch(/GMT$/);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(video);
    });

    it("shows the upload at its public URL", async () => {
      expect(storageModule.objectFromUrl(videoUrl)).toEqual({ bucket: "portfolio-media", key: videoKey });
      if (options.directPublicUrl) {
        expect(videoUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/portfolio-media\//);
        const response = await fetch(videoUrl);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer())).toEqual(video);
        const ranged = await fetch(videoUrl, { headers: { Range: "bytes=10-19" } });
        expect(ranged.status).toBe(206);
        expect(Buffer.from(await ranged.arrayBuffer())).toEqual(video.subarray(10, 20));
      } else {
        expect(videoUrl).toBe(`/media/portfolio-media/${videoKey}`);
      }
    });

    it("answers 304 to a revalidation", async () => {
      const first = await mediaGet(`/media/portfolio-media/${videoKey}`);
      const etag = first.headers.get("ETag")!;
      expect((await mediaGet(`/media/portfolio-media/${videoKey}`, { "If-None-Match": etag })).status).toBe(304);
      const since = first.headers.get("Last-Modified")!;
      expect((await mediaGet(`/media/portfolio-media/${videoKey}`, { "If-Modified-Since": since })).status).toBe(304);
    });

    it("answers Range requests with 206 and exactly the asked bytes", async () => {
      const cases: [string, number, number][] = [
        ["bytes=100-199", 100, 199],
        ["bytes=49990-", 49990, 49999],
        ["bytes=-25", 49975, 49999],
        ["bytes=49000-999999", 49000, 49999],
      ];
      for (const [range, start, end] of cases) {
        const response = await mediaGet(`/media/portfolio-media/${videoKey}`, { Range: range });
        expect(response.status, range).toBe(206);
        expect(response.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${video.length}`);
        expect(response.headers.get("Content-Length")).toBe(String(end - start + 1));
        expect(Buffer.from(await response.arrayBuffer())).toEqual(video.subarray(start, end + 1));
      }
      const outside = await mediaGet(`/media/portfolio-media/${videoKey}`, { Range: "bytes=60000-" });
      expect(outside.status).toBe(416);
      expect(outside.headers.get("Content-Range")).toBe(`bytes */${video.length}`);
    });

    it("answers HEAD with the headers and no body", async () => {
      const response = await mediaGet(`/media/portfolio-media/${videoKey}`, { Range: "bytes=0-9" }, "HEAD");
      expect(response.status).toBe(206);
      expect(response.headers.get("Content-Length")).toBe("10");
      expect(response.body).toBeNull();
    });

    it("refuses traversal and unknown paths without leaving the media folder", async () => {
      const uploads = process.env.UPLOADS_DIR!;
      mkdirSync(uploads, { recursive: true });
      writeFileSync(join(uploads, "secret.txt"), "segredo");
      const attempts = [
        "/media/portfolio-media/..%2fsecret.txt",
        "/media/portfolio-media/..%2F..%2Fpackage.json",
        "/media/portfolio-media/%2e%2e/secret.txt",
        "/media/portfolio-media/%252e%252e%252fsecret.txt",
        "/media/..%2Fsecret.txt",
        "/media/portfolio-media/..%5csecret.txt",
        "/media/portfolio-media/%2Fetc%2Fpasswd",
        "/media//etc/passwd",
        "/media/portfolio-media/C:%5Cwindows%5Cwin.ini",
        "/media/portfolio-media/%00secret.txt",
        "/media/portfolio-media/%E0%A4%A",
        "/media/secret.txt",
        "/media/.image-cache/x.avif",
        "/media/other-bucket/x.jpg",
        "/media/portfolio-media/nao-existe.mp4",
      ];
      for (const path of attempts) {
        const response = await mediaGet(path);
        expect([400, 404], path).toContain(response.status);
        expect(await response.text()).not.toContain("segredo");
      }
      expect((await mediaGet("/media/portfolio-media/..%2fsecret.txt")).status).toBe(400);
      expect(media.isPathTrick("../secret.txt")).toBe(true);
      expect(media.isPathTrick("/etc/passwd")).toBe(true);
      expect(media.isPathTrick("portfolio-media/123.jpg")).toBe(false);
    });

    it("resizes a stored image to the asked width in AVIF, WebP or the original format by Accept", async () => {
      for (const [accept, type, format] of [
        [AVIF, "image/avif", "heif"],
        [WEBP, "image/webp", "webp"],
        ["*/*", "image/jpeg", "jpeg"],
      ] as const) {
        const response = await imgGet(photoUrl, 640, accept);
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toBe(type);
        expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
        expect(response.headers.get("Vary")).toBe("Accept");
        const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        expect(meta.width).toBe(640);
        expect(meta.height).toBe(427);
        expect(meta.format).toBe(format);
      }
    });

    it("serves the cached variant again, and 304 to its ETag", async () => {
      const first = await imgGet(photoUrl, 320);
      const second = await imgGet(photoUrl, 320);
      expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
      expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
      expect(existsSync(join(process.env.UPLOADS_DIR!, ".image-cache"))).toBe(true);
      expect((await imgGet(photoUrl, 320, AVIF, { "If-None-Match": first.headers.get("ETag")! })).status).toBe(304);
    });

    it("answers a variant served lately from memory, the same bytes even once its file is gone", async () => {
      const first = await imgGet(photoUrl, 480, WEBP);
      const bytes = Buffer.from(await first.arrayBuffer());
      // The disk cache's eviction removes files; the variant just served no longer needs its file.
      rmSync(join(process.env.UPLOADS_DIR!, ".image-cache"), { recursive: true, force: true });
      for (let i = 0; i < 3; i++) {
        const again = await imgGet(photoUrl, 480, WEBP);
        expect(again.status).toBe(200);
        expect(again.headers.get("ETag")).toBe(first.headers.get("ETag"));
        expect(again.headers.get("Content-Length")).toBe(String(bytes.length));
        expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes);
      }
      expect(existsSync(join(process.env.UPLOADS_DIR!, ".image-cache"))).toBe(false);
    });

    it("resizes files under public/ (demo images) and keeps PNG as the fallback", async () => {
      const response = await imgGet("/demo/banner.png", 480, "image/png,*/*");
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([480, 240, "png"]);
    });

    it("never enlarges, and refuses widths, sources and paths it does not know", async () => {
      const wide = await imgGet("/demo/banner.png", 1920);
      expect((await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).width).toBe(1000);
      expect((await imgGet(photoUrl, 641)).status).toBe(400);
      expect((await imgGet(photoUrl, 0)).status).toBe(400);
      // Other sites' images are fetched (tests/routes/media-remote.test.ts); other schemes never.
      for (const src of [
        "ftp://example.com/x.jpg",
        "//example.com/x.jpg",
        "/../package.json",
        "/demo/../../secret.jpg",
        "/media/../secret.jpg",
        "/demo/banner.svg",
        "",
      ]) {
        expect((await imgGet(src, 320)).status, src).toBe(400);
      }
      expect((await imgGet("/demo/nao-existe.jpg", 320)).status).toBe(404);
      expect((await imgGet(`${photoUrl.replace(/\d+\.jpg$/, "1.jpg")}`, 320)).status).toBe(404);
    });

    it("deletes a stored object", async () => {
      const { deleteStored } = await import("~/lib/media/upload.server");
      const store = await storageModule.storage();
      const key = storageModule.randomKey("jpg", "blog-covers");
      await store.put("blog-media", key, Readable.from([Buffer.from("capa")]), "image/jpeg");
      await deleteStored("blog-media", key);
      expect(await store.head("blog-media", key)).toBeNull();
    });
  });

  describe(`stored names on ${name}`, () => {
    let storageModule: StorageModule;
    let media: MediaModule;
    let img: ImgModule;
    beforeAll(async () => {
      await configure();
      storageModule = await import("~/lib/storage/index.server");
      media = await import("~/routes/media.$");
      img = await import("~/routes/img");
    });

    const mediaGet = (bucket: string, key: string) =>
      media.loader(routeArgs(new Request(`http://localhost:3000/media/${bucket}/${key}`), { "*": `${bucket}/${key}` }));
    const imgGet = (bucket: string, key: string) =>
      img.loader(routeArgs(getRequest(`/img?src=${encodeURIComponent(`/media/${bucket}/${key}`)}&w=320`, { headers: { Accept: WEBP } })));

    it("gives each upload a name of its own that keeps the readable part and cannot be guessed from it", async () => {
      const fx = await import("../routes/admin-fixtures");
      const uploadRoute = await import("~/routes/admin.midia.enviar");
      const cookie = await fx.sessionCookie();
      // Two different images sent under one name (the same bytes again would be the library's file).
      const pngs = await Promise.all([photo(600, 300, "png"), photo(600, 301, "png")]);
      const send = async (png: Buffer) => {
        const file = new File([new Uint8Array(png)], "Lançamento Cliente ACME.png", { type: "image/png" });
        const request = formRequest(`/admin/midia/enviar?destino=${encodeURIComponent("portfolio:cover_image")}`, { arquivo: file }, { cookie });
        const response = (await fx.call(uploadRoute.action, request)) as Response;
        expect(response.status).toBe(201);
        return ((await response.json()) as { file: { url: string; name: string } }).file;
      };
      const sent = [await send(pngs[0]!), await send(pngs[1]!)];
      const keys = sent.map((file) => storageModule.objectFromUrl(file.url)!.key);
      // The readable part, then 13 characters of lower-case base32 (65 random bits).
      for (const key of keys) expect(key).toMatch(/^lancamento-cliente-acme-[a-z2-7]{13}\.png$/);
      expect(keys[0]).not.toBe(keys[1]);
      expect(sent.map((file) => file.name)).toEqual(keys);
      for (const [i, key] of keys.entries()) {
        const served = await mediaGet("portfolio-media", key);
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer())).toEqual(pngs[i]);
        // Its resized copies are named after the whole name too.
        const resized = await imgGet("portfolio-media", key);
        expect(resized.status).toBe(200);
        expect((await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).width).toBe(320);
        if (options.directPublicUrl) expect((await fetch(sent[i]!.url)).status).toBe(200);
      }
      // What someone could guess from the readable name (and the numbering names had before) is no file.
      for (const guess of ["lancamento-cliente-acme.png", "lancamento-cliente-acme-2.png", "lancamento-cliente-acme-3.png"]) {
        expect((await mediaGet("portfolio-media", guess)).status, guess).toBe(404);
        expect((await imgGet("portfolio-media", guess)).status, guess).toBe(404);
      }
    });

    it("keeps serving files stored under older names (plain and numbered names, random numbers) at their old addresses", async () => {
      const { Readable } = await import("node:stream");
      const store = await storageModule.storage();
      const png = await photo(400, 200, "png");
      const old = ["foto-equipe.png", "foto-equipe-2.png", "17956620123456789.png", "course-testimonials/depoimento.png"];
      for (const key of old) await store.put("portfolio-media", key, Readable.from([png]), "image/png");
      for (const key of old) {
        expect(storageModule.objectFromUrl(store.publicUrl("portfolio-media", key))).toEqual({ bucket: "portfolio-media", key });
        const served = await mediaGet("portfolio-media", key);
        expect(served.status, key).toBe(200);
        expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
        expect((await imgGet("portfolio-media", key)).status, key).toBe(200);
      }
    });
  });
}
