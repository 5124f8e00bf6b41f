// Writes to this server's disk when things go wrong, on real file systems:
// - a process killed with SIGKILL in the middle of an upload leaves its temporary file; the next
//   upload of the same name still works, and storage sweeps such leftovers when it starts, but only
//   old ones (a file another instance is still writing stays);
// - a full disk (a tiny tmpfs, filled up) and a read-only one (a tmpfs remounted read-only) refuse
//   an upload with 507 / 503 and a Portuguese message, through a section's form (no JavaScript),
//   the upload route (JSON) and an SVG logo's PNG alike, keeping what was typed and leaving nothing
//   half-written; the image route still answers a resized copy it cannot cache.
// The tests run as root, and root writes through chmod, so folders are made read-only and full
// with tmpfs mounts (this needs root with CAP_SYS_ADMIN, which the test machines have), and a
// folder without permission is a link into /sys, where nobody may create a file.
import { execFileSync, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readdirSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { STORAGE_FULL_MESSAGE, STORAGE_READ_ONLY_MESSAGE } from "~/lib/storage/disk.server";
import { action as logosAction } from "~/routes/admin.client-logos";
import { action as courseAction } from "~/routes/admin.course-testimonials";
import { action as uploadAction } from "~/routes/admin.midia.enviar";
import { loader as imgLoader } from "~/routes/img";
import { call, dataOf, formRequest, getRequest, MP4_BYTES, PNG_BYTES, routeArgs, sessionCookie } from "./admin-fixtures";

const uploads = () => process.env.UPLOADS_DIR!;
const HOUR = 60 * 60 * 1000;

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
      .sort();
  } catch {
    return [];
  }
}

beforeEach(async () => {
  await Promise.all([db.mediaFile.deleteMany(), db.courseTestimonial.deleteMany(), db.clientLogo.deleteMany()]);
});

const mounted: string[] = [];
afterEach(() => {
  for (const dir of mounted.splice(0).reverse()) execFileSync("umount", ["--lazy", dir]);
});

function mountTmpfs(dir: string, options: string) {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    throw new Error(`these tests mount a tmpfs (root with CAP_SYS_ADMIN): ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  }
  mounted.push(dir);
}

/** A tmpfs at `dir` with no room left: its one file fills it to the last byte. */
function fullDisk(dir: string) {
  mountTmpfs(dir, "size=16k,mode=755");
  const fd = openSync(join(dir, "enchimento"), "w");
  try {
    for (;;) writeSync(fd, Buffer.alloc(4096));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

/** A read-only tmpfs at `dir`, with the given folders in it. */
function readOnlyDisk(dir: string, folders: string[] = []) {
  mountTmpfs(dir, "size=1m,mode=755");
  for (const folder of folders) mkdirSync(join(dir, folder), { recursive: true });
  execFileSync("mount", ["-o", "remount,ro", dir]);
}

const video = (name = "Depoimento da Ana.mp4") => new File([MP4_BYTES, Buffer.alloc(40 * 1024, 7)], name, { type: "video/mp4" });
const SVG_LOGO = new File(
  ['<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20"><rect width="60" height="20" fill="#c00"/></svg>'],
  "Logo Acme.svg",
  {
    type: "image/svg+xml",
  },
);

async function jsonOf(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  return { status: response.status, body: (await response.json()) as { error?: string; file?: unknown } };
}

describe("a write killed mid-upload", () => {
  it("leaves a temporary file that blocks nothing: the same name uploads again, and storage sweeps it at start once it is an hour old", async () => {
    const { LocalDiskStorage } = await import("~/lib/storage/local.server");
    const store = new LocalDiskStorage(uploads());
    const key = "course-testimonials/depoimento-ana.mp4";
    const folder = join(uploads(), "portfolio-media", "course-testimonials");
    // A process that starts streaming the upload and never finishes it, killed with SIGKILL.
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { Readable } from "node:stream";
         const { LocalDiskStorage } = await import(${JSON.stringify(resolve("app/lib/storage/local.server.ts"))});
         async function* forever() { yield Buffer.alloc(64 * 1024, 1); await new Promise(() => setInterval(() => {}, 1000)); }
         await new LocalDiskStorage(${JSON.stringify(uploads())}).put("portfolio-media", ${JSON.stringify(key)}, Readable.from(forever()));`,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("exit", (code) => code !== null && console.log(`the writing process ended by itself (${code}): ${stderr}`));
    await vi.waitFor(() => expect(filesUnder(folder).some((name) => statSync(join(folder, name)).size === 64 * 1024)).toBe(true), { timeout: 15_000 });
    child.kill("SIGKILL");
    await new Promise((done) => child.once("exit", done));
    const [leftover] = filesUnder(folder);
    expect(leftover).toMatch(/\.part$/);

    // The next write of the same name is not blocked by it, and is never confused with it.
    await store.put("portfolio-media", key, (await import("node:stream")).Readable.from([MP4_BYTES]));
    expect((await store.head("portfolio-media", key))?.size).toBe(MP4_BYTES.length);
    expect((await store.list("portfolio-media")).map((object) => object.key)).toEqual([key]);
    expect(await store.head("portfolio-media", `${key.replace(/[^/]+$/, "")}${leftover}`)).toBeNull();

    // Storage's start sweeps temporary files left an hour ago (uploads and the image cache), and
    // keeps a recent one: another instance may be writing it right now.
    const cache = join(uploads(), ".image-cache", "ab");
    mkdirSync(cache, { recursive: true });
    writeFileSync(join(cache, "abcd.avif.0123456789abcdef.part"), "x");
    writeFileSync(join(folder, "outra.mp4.fedcba9876543210.part"), "y");
    const old = new Date(Date.now() - 2 * HOUR);
    utimesSync(join(folder, leftover!), old, old);
    utimesSync(join(cache, "abcd.avif.0123456789abcdef.part"), old, old);
    vi.resetModules();
    const fresh = await import("~/lib/storage/index.server");
    await fresh.storage();
    expect(filesUnder(folder)).toEqual(["depoimento-ana.mp4", "outra.mp4.fedcba9876543210.part"]);
    expect(filesUnder(cache)).toEqual([]);
  });
});

describe("a full disk", () => {
  it("refuses a section's upload with 507 and a message next to the field, keeps the typed text, and writes nothing", async () => {
    const cookie = await sessionCookie();
    const bucket = join(uploads(), "portfolio-media");
    fullDisk(bucket);
    const { status, body } = await dataOf(
      courseAction,
      formRequest("/admin/course-testimonials", { student_name: "Ana Souza", video_url: video() }, { cookie }),
    );
    expect(status).toBe(507);
    expect(body.lastResult!.error!.video_url).toEqual([STORAGE_FULL_MESSAGE]);
    expect((body.lastResult as { initialValue?: Record<string, unknown> }).initialValue?.student_name).toBe("Ana Souza");
    expect(await db.courseTestimonial.count()).toBe(0);
    expect(await db.mediaFile.count()).toBe(0);
    expect(filesUnder(bucket)).toEqual(["enchimento"]);
  });

  it("answers the upload route with 507 and the message as JSON", async () => {
    const cookie = await sessionCookie();
    const bucket = join(uploads(), "portfolio-media");
    fullDisk(bucket);
    const sent = await jsonOf(
      await call(
        uploadAction,
        formRequest(`/admin/midia/enviar?destino=${encodeURIComponent("course-testimonials:video_url")}`, { arquivo: video() }, { cookie }),
      ),
    );
    expect(sent).toEqual({ status: 507, body: { error: STORAGE_FULL_MESSAGE } });
    expect(await db.mediaFile.count()).toBe(0);
    expect(filesUnder(bucket)).toEqual(["enchimento"]);
  });

  it("refuses an SVG logo's PNG the same way", async () => {
    const cookie = await sessionCookie();
    const bucket = join(uploads(), "portfolio-media");
    fullDisk(bucket);
    const { status, body } = await dataOf(logosAction, formRequest("/admin/client-logos", { client_name: "Acme", logo_file: SVG_LOGO }, { cookie }));
    expect(status).toBe(507);
    expect(body.lastResult!.error!.logo_file).toEqual([STORAGE_FULL_MESSAGE]);
    expect(await db.clientLogo.count()).toBe(0);
    expect(filesUnder(bucket)).toEqual(["enchimento"]);
  });
});

describe("a read-only disk", () => {
  it("refuses a section's upload, the upload route and an SVG logo with 503 and a message, writing nothing", async () => {
    const cookie = await sessionCookie();
    const bucket = join(uploads(), "portfolio-media");
    readOnlyDisk(bucket, ["course-testimonials"]);
    const form = await dataOf(courseAction, formRequest("/admin/course-testimonials", { student_name: "Bruno", video_url: video() }, { cookie }));
    expect(form.status).toBe(503);
    expect(form.body.lastResult!.error!.video_url).toEqual([STORAGE_READ_ONLY_MESSAGE]);
    expect((form.body.lastResult as { initialValue?: Record<string, unknown> }).initialValue?.student_name).toBe("Bruno");

    const sent = await jsonOf(
      await call(
        uploadAction,
        formRequest(`/admin/midia/enviar?destino=${encodeURIComponent("portfolio:cover_image")}`, { arquivo: video("capa.mp4") }, { cookie }),
      ),
    );
    expect(sent).toEqual({ status: 503, body: { error: STORAGE_READ_ONLY_MESSAGE } });

    const logo = await dataOf(logosAction, formRequest("/admin/client-logos", { client_name: "Acme", logo_file: SVG_LOGO }, { cookie }));
    expect(logo.status).toBe(503);
    expect(logo.body.lastResult!.error!.logo_file).toEqual([STORAGE_READ_ONLY_MESSAGE]);

    expect(await db.courseTestimonial.count()).toBe(0);
    expect(await db.clientLogo.count()).toBe(0);
    expect(await db.mediaFile.count()).toBe(0);
    expect(filesUnder(bucket)).toEqual([]);
  });
});

describe("a folder the server may not write to", () => {
  it("refuses an upload with 503 and the same message (EACCES: the bucket's folder is a link into /sys, where not even root creates files)", async () => {
    const cookie = await sessionCookie();
    const bucket = join(uploads(), "blog-media");
    symlinkSync("/sys/kernel", bucket);
    try {
      const sent = await jsonOf(
        await call(
          uploadAction,
          formRequest(
            `/admin/midia/enviar?destino=${encodeURIComponent("led-panels:photo")}`,
            { arquivo: new File([PNG_BYTES], "painel.png", { type: "image/png" }) },
            { cookie },
          ),
        ),
      );
      expect(sent).toEqual({ status: 503, body: { error: STORAGE_READ_ONLY_MESSAGE } });
      expect(await db.mediaFile.count()).toBe(0);
    } finally {
      unlinkSync(bucket);
    }
  });
});

describe("the image cache on a disk that takes no writes", () => {
  for (const [kind, disk] of [
    ["full", (dir: string) => fullDisk(dir)],
    ["read-only", (dir: string) => readOnlyDisk(dir)],
  ] as const) {
    it(`serves the resized copy anyway when the disk is ${kind}, and caches nothing`, async () => {
      const { storage } = await import("~/lib/storage/index.server");
      const { Readable } = await import("node:stream");
      const key = `foto-${kind}.png`;
      const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer();
      await (await storage()).put("portfolio-media", key, Readable.from([png]), "image/png");
      const cache = join(uploads(), ".image-cache");
      disk(cache);
      const before = filesUnder(cache);
      for (let i = 0; i < 2; i++) {
        const response = (await imgLoader(
          routeArgs(getRequest(`/img?src=${encodeURIComponent(`/media/portfolio-media/${key}`)}&w=320`, { headers: { Accept: "image/webp" } })),
        )) as Response;
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toBe("image/webp");
        expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(320);
      }
      expect(filesUnder(cache)).toEqual(before);
    });
  }
});
