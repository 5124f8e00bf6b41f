// The restore drill, run once per setup (backup-sqlite-disk.test.ts, backup-postgres-s3.test.ts):
// a real production server with content written through the admin (images, a video, posts,
// settings), a backup, the database and the storage wiped, a restore, and then every table's rows
// and every file's SHA-256 equal to the originals and the public pages rendering the same HTML.
// A second backup is taken while a blog post is saved every 100 ms: restored, every row that
// names a stored file finds it.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUCKETS, type StorageBackend } from "../../app/lib/storage/keys.server.ts";
import { startServer, type RunningServer } from "../helpers/platform-server.ts";

const root = new URL("../..", import.meta.url).pathname;
export const ADMIN = { email: "drill@winddigital.com.br", password: "senha-do-ensaio-123" };

export interface DrillSetup {
  /** The installation's configuration (DATABASE_URL, storage). */
  env: Record<string, string>;
  storage: StorageBackend;
  /** Every table's rows, each table's rows sorted, as comparable JSON values. */
  tables(): Promise<Record<string, string[]>>;
  /** Empties the database and the storage ("a disk lost, a bucket emptied by mistake"). */
  wipe(): Promise<void>;
  /** The absolute address prefixes rows may name stored files with (besides /media/). */
  urlBases: string[];
  close(): Promise<void>;
}

export function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`${root}scripts/${script}`, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

export async function fileHashes(storage: StorageBackend): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const bucket of BUCKETS) {
    for (const object of await storage.list(bucket)) {
      const body = await storage.get(bucket, object.key);
      const hash = createHash("sha256");
      for await (const chunk of body!.stream) hash.update(chunk as Buffer);
      out[`${bucket}/${object.key}`] = hash.digest("hex");
    }
  }
  return out;
}

/** A picture of its own colour, so that every upload is a distinct file. */
function picture(seed: number): Promise<Buffer> {
  const colour = `#${((seed * 2654435761) >>> 8).toString(16).padStart(6, "0").slice(-6)}`;
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
const MP4 = Buffer.concat([Buffer.from("0000001c667479706d703432000000006d7034326d70343169736f6d", "hex"), Buffer.alloc(4096, 7)]);

const PUBLIC_PAGES = ["/", "/portfolio", "/blog", "/blog/ensaio-de-restauracao", "/contato", "/led-panels", "/curso", "/window-films", "/sobre"];

/** A page's HTML without what changes on every request (the CSP nonce) or with every start (the server's port, its SITE_URL). */
function stable(html: string, baseUrl: string): string {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""').replaceAll(baseUrl, "http://site.test");
}

/**
 * A bound for each test, not an expectation: each starts a production server, which took over
 * 30 s on a loaded two-core machine (tests/helpers/platform-server.ts waits up to two minutes).
 */
const TEST_TIMEOUT_MS = 180_000;

export function backupDrill(name: string, setup: () => Promise<DrillSetup>) {
  describe(`the restore drill on ${name}`, () => {
    let drill: DrillSetup;
    let server: RunningServer | undefined;
    let cookie = "";
    let env: Record<string, string>;
    const work = mkdtempSync(join(tmpdir(), "backup-drill-"));

    const start = async () => {
      server = await startServer({ ...env, ANALYTICS: "off" });
    };
    const stop = async () => {
      await server?.stop();
      server = undefined;
    };
    const post = (path: string, body: FormData) =>
      fetch(`${server!.baseUrl}${path}`, { method: "POST", body, redirect: "manual", headers: { Origin: server!.baseUrl, Cookie: cookie } });
    const pages = async () => {
      const out: Record<string, string> = {};
      for (const path of PUBLIC_PAGES) {
        const response = await fetch(`${server!.baseUrl}${path}`);
        expect(response.status, path).toBe(200);
        out[path] = stable(await response.text(), server!.baseUrl);
      }
      return out;
    };
    const upload = async (field: string, file: Buffer, fileName: string, type: string) => {
      const form = new FormData();
      form.set("intent", "upload");
      form.set(field, new Blob([new Uint8Array(file)], { type }), fileName);
      const response = await post("/admin/midia", form);
      expect(response.status, await response.clone().text()).toBe(302);
    };
    let saves = 0;
    const saveBlogPost = async (title: string, slug: string) => {
      const form = new FormData();
      form.set("title", title);
      form.set("slug", slug);
      form.set("excerpt", "Um post escrito pelo ensaio de restauração.");
      form.set("content", "<p>Conteúdo com acentuação: ação, coração.</p>");
      form.set("publication", "publish");
      form.set("published_at", "2026-01-15T10:00");
      form.set("cover_image", new Blob([new Uint8Array(await picture(1000 + saves++))], { type: "image/png" }), `capa-${slug}.png`);
      const response = await post("/admin/blog", form);
      expect(response.status, await response.clone().text()).toBe(302);
    };

    beforeAll(async () => {
      drill = await setup();
      env = { ...drill.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, NODE_ENV: "production", SESSION_SECRET: "drill-secret-0123456789abcdef" };
      for (const script of ["migrate.ts", "seed.ts"]) {
        const run = await runScript(script, [], env);
        if (run.code !== 0) throw new Error(`${script}: ${run.stderr}`);
      }
      await start();
      const login = await fetch(`${server!.baseUrl}/admin/login`, {
        method: "POST",
        body: new URLSearchParams(ADMIN),
        redirect: "manual",
        headers: { Origin: server!.baseUrl },
      });
      cookie = login.headers
        .getSetCookie()
        .find((c) => c.startsWith("__admin_session="))!
        .split(";")[0]!;

      // Content through the admin, as the agency's staff would write it.
      await upload("arquivo_portfolio", await picture(1), "foto-projeto.png", "image/png");
      await upload("arquivo_blog", await picture(2), "foto-blog.png", "image/png");
      await upload("arquivo_portfolio", MP4, "video-case.mp4", "video/mp4");
      const library = await drill.storage.list("portfolio-media");
      const video = library.find((o) => o.key.endsWith(".mp4"))!;
      const image = library.find((o) => o.key.endsWith(".png"))!;
      const portfolio = new FormData();
      portfolio.set("title", "Case do ensaio");
      portfolio.set("category", "IA");
      portfolio.set("description", "Projeto com imagens e vídeo.");
      portfolio.set("result", "+40% de leads");
      portfolio.set("cover_image", new Blob([new Uint8Array(await picture(3))], { type: "image/png" }), "capa-case.png");
      portfolio.set("images", drill.storage.publicUrl("portfolio-media", image.key));
      portfolio.set("videos", drill.storage.publicUrl("portfolio-media", video.key));
      expect((await post("/admin/portfolio", portfolio)).status).toBe(302);
      await saveBlogPost("Ensaio de restauração", "ensaio-de-restauracao");
      const { demoSettingsForm } = await import("../helpers/settings-form.ts");
      const settings = new FormData();
      for (const [k, v] of Object.entries({ ...demoSettingsForm, hours: "Seg-Sex 8h-17h (ensaio)" })) settings.set(k, v);
      expect((await post("/admin/configuracoes", settings)).status).toBe(302);
    });

    afterAll(async () => {
      await stop();
      await drill?.close();
      rmSync(work, { recursive: true, force: true });
    });

    it(
      "restores every row, every file and the same public pages after the database and the storage are lost",
      async () => {
        const before = await pages();
        await stop(); // a quiet moment: sign-ins and page views write nothing more
        const archive = `${work}/quiet.tar.gz`;
        const made = await runScript("backup.ts", ["--out", archive], env);
        expect(made.code, made.stderr).toBe(0);
        const rows = await drill.tables();
        const files = await fileHashes(drill.storage);
        expect(Object.keys(files).length).toBeGreaterThanOrEqual(5);
        expect(Object.values(files)).toContain(createHash("sha256").update(MP4).digest("hex"));

        await drill.wipe();
        expect(await fileHashes(drill.storage)).toEqual({});
        const restored = await runScript("restore.ts", [archive], env);
        expect(restored.code, restored.stderr).toBe(0);
        expect(restored.stdout).toMatch(/checked \d+ tables, \d+ rows: every row count matches the manifest/);
        expect(restored.stdout).toContain(`checked ${Object.keys(files).length} files`);

        expect(await drill.tables()).toEqual(rows);
        expect(await fileHashes(drill.storage)).toEqual(files);
        await start();
        expect(await pages()).toEqual(before);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      "a backup taken while a post is saved every 100 ms restores to a state where every file a row names exists",
      async () => {
        if (!server) await start();
        let writing = true;
        let written = 0;
        const writer = (async () => {
          while (writing) {
            const started = Date.now();
            await saveBlogPost(`Post durante o backup ${written}`, `durante-o-backup-${written}`);
            written++;
            await new Promise((r) => setTimeout(r, Math.max(0, 100 - (Date.now() - started))));
          }
        })();
        await new Promise((r) => setTimeout(r, 300));
        const archive = `${work}/busy.tar.gz`;
        const made = await runScript("backup.ts", ["--out", archive], env);
        writing = false;
        await writer;
        expect(made.code, made.stderr).toBe(0);
        expect(written).toBeGreaterThan(2);
        await stop();

        await drill.wipe();
        const restored = await runScript("restore.ts", [archive], env);
        expect(restored.code, restored.stderr).toBe(0);
        const rows = await drill.tables();
        const stored = new Set(Object.keys(await fileHashes(drill.storage)));
        const bases = ["/media", ...drill.urlBases].map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
        const reference = new RegExp(`(?:${bases.join("|")})/(${BUCKETS.join("|")})/([A-Za-z0-9._/-]+)`, "g");
        const named = new Set<string>();
        for (const table of Object.values(rows))
          for (const row of table) for (const m of row.matchAll(reference)) named.add(`${m[1]}/${m[2]!.replace(/\\+$/, "")}`);
        expect(named.size).toBeGreaterThan(3);
        for (const file of named) expect(stored.has(file), `${file} is named by a row and must be in the storage`).toBe(true);
        // The posts saved before the backup began are in it.
        expect(rows.blog_posts!.filter((r) => r.includes("durante-o-backup-")).length).toBeGreaterThanOrEqual(2);
      },
      TEST_TIMEOUT_MS,
    );
  });
}
