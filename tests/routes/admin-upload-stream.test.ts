// Streamed admin uploads (issues 4, 6, 7): bodies are parsed as they arrive, limits hold while
// streaming (413, no row, no file, not even a partial one, and the rest of the body is not read),
// the type comes from the bytes (polyglots refused, SVG only as a logo rasterized to PNG), and unreadable bodies answer 400.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.MAX_IMAGE_MB = "0.01"; // 10,485 bytes
  process.env.MAX_VIDEO_MB = "0.05"; // 52,428 bytes
});

import { db } from "~/lib/db.server";
import { UNREADABLE_FORM } from "~/lib/form-data.server";
import { INVALID_FILE_MESSAGE, INVALID_IMAGE_MESSAGE } from "~/lib/media/upload.server";
import { action as loginAction } from "~/routes/admin_.login";
import { action as logosAction } from "~/routes/admin.client-logos";
import { action as courseAction } from "~/routes/admin.course-testimonials";
import { action as portfolioAction } from "~/routes/admin.portfolio";
import { action as filmsTestimonialsAction } from "~/routes/admin.window-films-testimonials";
import { ORIGIN } from "../helpers/request";
import { dataOf, fakePng, formRequest, MP4_BYTES, PNG_BYTES, responseOf, sessionCookie } from "./admin-fixtures";

const KB = 1024;

beforeEach(async () => {
  await rm(process.env.UPLOADS_DIR!, { recursive: true, force: true });
  await Promise.all([db.courseTestimonial.deleteMany(), db.portfolioItem.deleteMany(), db.clientLogo.deleteMany(), db.windowFilmsTestimonial.deleteMany()]);
});

/** Every file under the uploads folder, partial ones included. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(process.env.UPLOADS_DIR!, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

type Part = { name: string; value: string } | { name: string; filename: string; type: string; head: Buffer; size: number };

/**
 * A multipart request whose body is made while it is read, 64 KB at a time, like a slow upload:
 * `pulled()` says how much of it the server asked for.
 */
function streamedRequest(path: string, cookie: string, parts: Part[]) {
  const boundary = "----limite-teste-7MA4YWxkTrZu0gW";
  let pulled = 0;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      const disposition = "filename" in part ? `form-data; name="${part.name}"; filename="${part.filename}"` : `form-data; name="${part.name}"`;
      const type = "filename" in part ? `\r\nContent-Type: ${part.type}` : "";
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`);
      if ("filename" in part) {
        yield part.head;
        for (let sent = part.head.length; sent < part.size; sent += 64 * KB) {
          const piece = Buffer.alloc(Math.min(64 * KB, part.size - sent), sent % 251);
          pulled += piece.length;
          yield piece;
        }
      } else yield Buffer.from(part.value);
      yield Buffer.from("\r\n");
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  const source = chunks();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await source.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await source.return(undefined);
    },
  });
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    duplex: "half",
    headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
  } as RequestInit);
  return { request, pulled: () => pulled };
}

function rawRequest(path: string, body: string, contentType: string, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: { Origin: ORIGIN, "Content-Type": contentType, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

describe("size limits hold while the body streams in", () => {
  it("a video over its limit is cut off mid-stream: 413, no row, no file (not even a partial one)", async () => {
    const cookie = await sessionCookie();
    const { request } = streamedRequest("/admin/course-testimonials", cookie, [
      { name: "student_name", value: "Ana" },
      { name: "video_url", filename: "depoimento.mp4", type: "video/mp4", head: MP4_BYTES, size: 600 * KB },
      { name: "display_order", value: "1" },
    ]);
    const { status, body } = await dataOf(courseAction, request);
    expect(status).toBe(413);
    expect(body.lastResult!.error!.video_url).toEqual(["Arquivo muito grande. O limite é de 0.05 MB."]);
    expect(body.toast?.title).toBe("Erro ao enviar vídeo: Arquivo muito grande. O limite é de 0.05 MB.");
    expect(await db.courseTestimonial.count()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("a body far over every limit is refused before it is read to the end", async () => {
    const cookie = await sessionCookie();
    const size = 64 * 1024 * KB;
    const upload = streamedRequest("/admin/course-testimonials", cookie, [
      { name: "student_name", value: "Ana" },
      { name: "video_url", filename: "enorme.mp4", type: "video/mp4", head: MP4_BYTES, size },
    ]);
    const { status, body } = await dataOf(courseAction, upload.request);
    expect(status).toBe(413);
    expect(body.toast?.title).toBe("Arquivo muito grande");
    expect(upload.pulled()).toBeLessThan(8 * 1024 * KB); // the limit is about 4 MB; 64 MB were on offer
    expect(await db.courseTestimonial.count()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("a file stored before a later field breaks the limit is deleted again", async () => {
    const cookie = await sessionCookie();
    const { request } = streamedRequest("/admin/portfolio", cookie, [
      { name: "cover_image", filename: "capa.png", type: "image/png", head: PNG_BYTES, size: PNG_BYTES.length },
      { name: "title", value: "x".repeat(3 * 1024 * KB) }, // over the 2 MB a text field may hold
    ]);
    const { status, body } = await dataOf(portfolioAction, request);
    expect(status).toBe(413);
    expect(body.toast?.title).toBe("Arquivo muito grande");
    expect(await db.portfolioItem.count()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("a video within its limit streams to storage whole, under its own name made safe, with the extension its bytes allow", async () => {
    const cookie = await sessionCookie();
    const { request } = streamedRequest("/admin/course-testimonials", cookie, [
      { name: "student_name", value: "Bruno" },
      { name: "video_url", filename: "Meu Vídeo.MP4", type: "application/octet-stream", head: MP4_BYTES, size: 50 * KB },
    ]);
    expect((await responseOf(courseAction, request)).status).toBe(302);
    const row = await db.courseTestimonial.findFirstOrThrow();
    expect(row.videoUrl).toMatch(/^\/media\/portfolio-media\/course-testimonials\/meu-video-[a-z2-7]{13}\.mp4$/);
    const [file] = await storedFiles();
    expect(file).toBe(join(process.env.UPLOADS_DIR!, row.videoUrl.slice("/media/".length)));
    const bytes = await readFile(file!);
    expect(bytes.length).toBe(50 * KB);
    expect(bytes.subarray(0, MP4_BYTES.length).equals(MP4_BYTES)).toBe(true);
  });
});

describe("a write cut off earlier", () => {
  it("leaves no file that blocks the next upload of the same name (a '.part' left by a killed process)", async () => {
    const cookie = await sessionCookie();
    // What an upload killed mid-write left, when temporary files were named after their file.
    const folder = join(process.env.UPLOADS_DIR!, "portfolio-media", "course-testimonials");
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, "entrevista.mp4.part"), MP4_BYTES.subarray(0, 10));
    const { request } = streamedRequest("/admin/course-testimonials", cookie, [
      { name: "student_name", value: "Bruno" },
      { name: "video_url", filename: "entrevista.mp4", type: "video/mp4", head: MP4_BYTES, size: 20 * KB },
    ]);
    expect((await responseOf(courseAction, request)).status).toBe(302);
    const row = await db.courseTestimonial.findFirstOrThrow();
    expect((await readFile(join(process.env.UPLOADS_DIR!, row.videoUrl.slice("/media/".length)))).length).toBe(20 * KB);
  });
});

describe("the type comes from the file's bytes", () => {
  it("refuses an HTML page named .png and declared image/png", async () => {
    const cookie = await sessionCookie();
    const { status, body } = await dataOf(
      portfolioAction,
      formRequest("/admin/portfolio", { title: "T", category: "IA", description: "D", result: "R", cover_image: fakePng() }, { cookie }),
    );
    expect(status).toBe(400);
    expect(body.lastResult!.error!.cover_image).toEqual([INVALID_FILE_MESSAGE]);
    expect(body.toast).toEqual({ type: "error", title: "Arquivo inválido", description: INVALID_FILE_MESSAGE });
    expect(await db.portfolioItem.count()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a polyglot: a real PNG with an HTML page after it", async () => {
    const cookie = await sessionCookie();
    const polyglot = new File([Buffer.concat([PNG_BYTES, Buffer.from("<html><script>alert(1)</script></html>")])], "x.png", { type: "image/png" });
    const { status, body } = await dataOf(
      portfolioAction,
      formRequest("/admin/portfolio", { title: "T", category: "IA", description: "D", result: "R", cover_image: polyglot }, { cookie }),
    );
    expect(status).toBe(400);
    expect(body.lastResult!.error!.cover_image).toEqual([INVALID_FILE_MESSAGE]);
    expect(await storedFiles()).toEqual([]);
  });

  it("takes an SVG logo only as a PNG of it (tests/routes/media-svg.test.ts has the malicious corpus)", async () => {
    const cookie = await sessionCookie();
    const logo = new File(
      ['<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20"><script>alert(1)</script><rect width="60" height="20"/></svg>'],
      "x.svg",
      { type: "image/svg+xml" },
    );
    const response = await responseOf(logosAction, formRequest("/admin/client-logos", { client_name: "Acme", logo_file: logo }, { cookie }));
    expect(response.status).toBe(302);
    const files = await storedFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.png$/);
    expect((await readFile(files[0]!)).subarray(1, 4).toString()).toBe("PNG");
  });

  it("takes only images for a logo: a real video is refused", async () => {
    const cookie = await sessionCookie();
    const video = new File([MP4_BYTES], "logo.png", { type: "image/png" });
    const { status, body } = await dataOf(logosAction, formRequest("/admin/client-logos", { client_name: "Acme", logo_file: video }, { cookie }));
    expect(status).toBe(400);
    expect(body.lastResult!.error!.logo_file).toEqual([INVALID_IMAGE_MESSAGE]);
    expect(await storedFiles()).toEqual([]);
  });
});

describe("unreadable bodies answer 400 in Portuguese", () => {
  it("a broken multipart body to an admin action", async () => {
    const cookie = await sessionCookie();
    const broken = rawRequest(
      "/admin/portfolio",
      '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nSem fim',
      "multipart/form-data; boundary=x",
      cookie,
    );
    const { status, body } = await dataOf(portfolioAction, broken);
    expect(status).toBe(400);
    expect(body.toast).toEqual({ type: "error", title: "Erro ao salvar", description: UNREADABLE_FORM });
    expect(await db.portfolioItem.count()).toBe(0);
  });

  it("a multipart body cut off in the middle of a file, with nothing left stored", async () => {
    const cookie = await sessionCookie();
    const cut = `--x\r\nContent-Disposition: form-data; name="cover_image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${PNG_BYTES.toString("latin1")}`;
    const { status } = await dataOf(portfolioAction, rawRequest("/admin/portfolio", cut, "multipart/form-data; boundary=x", cookie));
    expect(status).toBe(400);
    expect(await storedFiles()).toEqual([]);
  });

  it("a JSON body to an admin action", async () => {
    const cookie = await sessionCookie();
    const json = rawRequest("/admin/window-films-testimonials", JSON.stringify({ client_name: "A", testimonial: "B" }), "application/json", cookie);
    const { status, body } = await dataOf(filmsTestimonialsAction, json);
    expect(status).toBe(400);
    expect(body.toast?.description).toBe(UNREADABLE_FORM);
    expect(await db.windowFilmsTestimonial.count()).toBe(0);
  });

  it("a JSON body to /admin/login", async () => {
    const json = rawRequest("/admin/login", JSON.stringify({ email: "admin@winddigital.com.br", password: "x" }), "application/json");
    const { status, body } = await dataOf(loginAction, json);
    expect(status).toBe(400);
    expect(body.toast).toEqual({ type: "error", title: "Erro no login", description: UNREADABLE_FORM });
  });

  it("a broken multipart body to /admin/login", async () => {
    const { status } = await dataOf(loginAction, rawRequest("/admin/login", "--x\r\nnada", "multipart/form-data; boundary=x"));
    expect(status).toBe(400);
  });
});

describe("text fields", () => {
  it("lose NUL characters before they reach the database", async () => {
    const cookie = await sessionCookie();
    const request = formRequest("/admin/portfolio", { title: "Pro\u0000jeto", category: "IA", description: "Des\u0000crição", result: "R\u0000" }, { cookie });
    expect((await responseOf(portfolioAction, request)).status).toBe(302);
    const row = await db.portfolioItem.findFirstOrThrow();
    expect([row.title, row.description, row.result]).toEqual(["Projeto", "Descrição", "R"]);
  });

  it("keep working from a plain urlencoded form (no file)", async () => {
    const cookie = await sessionCookie();
    const body = new URLSearchParams({ client_name: "Carla", testimonial: "Ótimo trabalho", rating: "5" });
    const request = new Request(`${ORIGIN}/admin/window-films-testimonials`, { method: "POST", body, headers: { Origin: ORIGIN, Cookie: cookie } });
    expect((await responseOf(filmsTestimonialsAction, request)).status).toBe(302);
    expect((await db.windowFilmsTestimonial.findFirstOrThrow()).clientName).toBe("Carla");
  });
});
