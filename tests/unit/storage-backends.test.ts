// One storage suite, two backends: local disk and a real S3-protocol server (s3rver).
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3Storage } from "~/lib/storage/s3.server";
import { LocalDiskStorage, randomKey, type StorageBackend } from "~/lib/storage/index.server";
import { startS3rver } from "../helpers/s3rver";

interface Backend {
  store: StorageBackend;
  /** Reads a public URL the backend produced (local URLs are served by the media route, tested there). */
  readPublic: ((url: string) => Promise<Buffer>) | null;
  stop(): Promise<void>;
}

const backends: { name: string; start(): Promise<Backend> }[] = [
  {
    name: "local disk",
    async start() {
      const root = mkdtempSync(join(tmpdir(), "storage-local-"));
      return { store: new LocalDiskStorage(root), readPublic: null, stop: async () => rmSync(root, { recursive: true, force: true }) };
    },
  },
  {
    name: "S3 (s3rver)",
    async start() {
      const s3 = await startS3rver();
      const store = new S3Storage({ endpoint: s3.endpoint, region: "us-east-1", accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
      await store.ensureBuckets();
      await store.ensureBuckets(); // idempotent: existing buckets are kept
      const readPublic = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
      return { store, readPublic, stop: s3.stop };
    },
  },
];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A body that arrives in small chunks, like an upload, rather than one buffer. */
function trickle(bytes: Buffer, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
    })(),
  );
}

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe.each(backends)("storage on $name", ({ start }) => {
  let backend: Backend;
  let store: StorageBackend;
  beforeAll(async () => {
    backend = await start();
    store = backend.store;
  });
  afterAll(() => backend?.stop());

  it("stores a streamed upload, reports its size and reads back the same bytes with its metadata", async () => {
    const bytes = randomBytes(300_000);
    const key = randomKey("jpg");
    expect(await store.put("portfolio-media", key, trickle(bytes), "image/jpeg")).toBe(bytes.length);

    const head = await store.head("portfolio-media", key);
    expect(head).toMatchObject({ size: bytes.length, contentType: "image/jpeg" });
    expect(head!.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const object = await store.get("portfolio-media", key);
    expect(object).toMatchObject({ size: bytes.length, contentType: "image/jpeg" });
    expect(sha(await readAll(object!.stream))).toBe(sha(bytes));
  });

  it("keeps a large upload (several multipart parts) intact", async () => {
    const bytes = randomBytes(12 * 1024 * 1024 + 12345);
    const key = randomKey("mp4", "course-testimonials");
    expect(key).toMatch(/^course-testimonials\/\d+\.mp4$/);
    expect(await store.put("portfolio-media", key, trickle(bytes, 256 * 1024), "video/mp4")).toBe(bytes.length);
    const object = await store.get("portfolio-media", key);
    expect(object!.size).toBe(bytes.length);
    expect(sha(await readAll(object!.stream))).toBe(sha(bytes));
  });

  it("keeps files whose size is exactly one or two multipart parts, or nothing at all, intact", async () => {
    const part = 5 * 1024 * 1024;
    // Chunks that do not divide a part, so a chunk straddles each part boundary.
    for (const bytes of [randomBytes(part), randomBytes(2 * part), randomBytes(part + 1), Buffer.alloc(0)]) {
      const key = randomKey("mp4");
      expect(await store.put("portfolio-media", key, trickle(bytes, 100_000), "video/mp4")).toBe(bytes.length);
      const object = await store.get("portfolio-media", key);
      expect(object!.size).toBe(bytes.length);
      expect(sha(await readAll(object!.stream))).toBe(sha(bytes));
    }
  });

  it("reads a byte range and still reports the whole size", async () => {
    const bytes = randomBytes(10_000);
    const key = randomKey("webm");
    await store.put("blog-media", key, trickle(bytes), "video/webm");
    const object = await store.get("blog-media", key, { start: 1000, end: 1999 });
    expect(object!.size).toBe(bytes.length);
    expect(await readAll(object!.stream)).toEqual(bytes.subarray(1000, 2000));
  });

  it("answers null for a missing object and deletes objects (twice is fine)", async () => {
    expect(await store.head("blog-media", "blog-covers/nao-existe.jpg")).toBeNull();
    expect(await store.get("blog-media", "blog-covers/nao-existe.jpg")).toBeNull();
    const key = randomKey("png", "blog-covers");
    await store.put("blog-media", key, trickle(Buffer.from("png")), "image/png");
    await store.delete("blog-media", key);
    expect(await store.head("blog-media", key)).toBeNull();
    await store.delete("blog-media", key);
  });

  it("refuses keys that could leave the bucket", async () => {
    for (const key of ["../escape.jpg", "a/../../b.jpg", "/etc/passwd", "a//b.jpg", "", "..", "a\\b.jpg"]) {
      await expect(store.put("portfolio-media", key, trickle(Buffer.from("x")), "image/jpeg")).rejects.toThrow(/invalid object key/);
      await expect(store.get("portfolio-media", key)).rejects.toThrow(/invalid object key/);
    }
  });

  it("stores nothing when the upload stream fails half-way", async () => {
    const key = randomKey("mp4");
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(6 * 1024 * 1024);
        throw new Error("client went away");
      })(),
    );
    await expect(store.put("portfolio-media", key, failing, "video/mp4")).rejects.toThrow();
    expect(await store.head("portfolio-media", key)).toBeNull();
  });

  it("lists a bucket's objects, in folders too, with size and date", async () => {
    const key = randomKey("png", "lista/sub");
    await store.put("blog-media", key, trickle(randomBytes(1234)), "image/png");
    const listed = (await store.list("blog-media")).find((object) => object.key === key);
    expect(listed).toMatchObject({ key, size: 1234 });
    expect(Date.now() - listed!.lastModified.getTime()).toBeLessThan(60_000);
    expect((await store.list("portfolio-media")).map((object) => object.key)).not.toContain(key);
    await store.delete("blog-media", key);
    expect((await store.list("blog-media")).map((object) => object.key)).not.toContain(key);
  });

  it("gives a public URL that serves the object", async () => {
    const bytes = randomBytes(2048);
    const key = randomKey("jpg");
    await store.put("portfolio-media", key, trickle(bytes), "image/jpeg");
    const url = store.publicUrl("portfolio-media", key);
    expect(url.endsWith(`/portfolio-media/${key}`)).toBe(true);
    if (backend.readPublic) expect(await backend.readPublic(url)).toEqual(bytes);
    else expect(url).toBe(`/media/portfolio-media/${key}`);
  });
});

describe("local disk storage", () => {
  it("leaves no partial file behind after a failed upload", async () => {
    const root = mkdtempSync(join(tmpdir(), "storage-local-"));
    const store: StorageBackend = new LocalDiskStorage(root);
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(1000);
        throw new Error("client went away");
      })(),
    );
    await expect(store.put("portfolio-media", "a.mp4", failing, "video/mp4")).rejects.toThrow();
    expect(readdirSync(join(root, "portfolio-media"))).toEqual([]);
    rmSync(root, { recursive: true, force: true });
  });

  it("does not list an upload still being written (its .part file), nor a bucket never written to", async () => {
    const root = mkdtempSync(join(tmpdir(), "storage-local-"));
    const store: StorageBackend = new LocalDiskStorage(root);
    mkdirSync(join(root, "portfolio-media"));
    writeFileSync(join(root, "portfolio-media", "1.mp4.part"), "meio arquivo");
    await store.put("portfolio-media", "2.png", Readable.from([Buffer.from("x")]), "image/png");
    expect((await store.list("portfolio-media")).map((object) => object.key)).toEqual(["2.png"]);
    expect(await store.list("blog-media")).toEqual([]);
    rmSync(root, { recursive: true, force: true });
  });
});
