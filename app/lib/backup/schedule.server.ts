// The server's daily backup, off unless BACKUP_DIR is set: every instance checks now and then
// whether a day has passed since the last backup that worked, and the one that takes the lease
// (backup_lock: one row, taken only when free or when its holder's lease ran out) writes the
// archive of `npm run backup` into BACKUP_DIR (a folder, or s3://bucket/prefix), keeps the newest
// BACKUP_KEEP there and records the run in backup_runs, which the admin dashboard reads. So two
// instances never back up at once, a crashed holder does not block the next day's backup, and a
// failure is logged as an error and shown on the dashboard; a failed run is retried an hour later.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, open, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { remember } from "@epic-web/remember";
import { db } from "../db.server.ts";
import { env } from "../env.server.ts";
import { errorFields, log } from "../logger.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECK_MS = 10 * 60 * 1000;
const RETRY_MS = 60 * 60 * 1000;
/** How long a lease lasts without renewal; the holder renews it every minute while it works. */
const LEASE_MS = 10 * 60 * 1000;
const RENEW_MS = 60 * 1000;
const NAME = /^backup-\d{8}-\d{6}\.tar\.gz$/;

export interface ScheduleOptions {
  dir?: string;
  keep?: number;
  now?: () => Date;
  /** The S3 store of an s3:// BACKUP_DIR (default: S3_ENDPOINT and its keys). */
  s3?: { endpoint: string; region: string; accessKeyId?: string; secretAccessKey?: string };
}

function stampOf(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").replace(/\..*$/, "");
}

/** The lease, or false when another instance holds one that has not run out. */
async function takeLease(holder: string, now: Date): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + LEASE_MS);
  const { count } = await db.backupLock.updateMany({ where: { id: 1, expiresAt: { lt: now } }, data: { holder, expiresAt } });
  if (count === 1) return true;
  try {
    await db.backupLock.create({ data: { id: 1, holder, expiresAt } });
    return true;
  } catch {
    return false; // the row exists: someone holds the lease (the primary key settles a race)
  }
}

async function releaseLease(holder: string): Promise<void> {
  await db.backupLock.deleteMany({ where: { id: 1, holder } });
}

/** Whether a backup is due: none worked in the last day, and none failed in the last hour. */
async function isDue(now: Date): Promise<boolean> {
  const [lastOk, last] = await Promise.all([
    db.backupRun.findFirst({ where: { status: "ok" }, orderBy: { startedAt: "desc" } }),
    db.backupRun.findFirst({ where: { status: { not: "running" } }, orderBy: { startedAt: "desc" } }),
  ]);
  if (lastOk && now.getTime() - lastOk.startedAt.getTime() < DAY_MS - CHECK_MS) return false;
  if (last?.status === "failed" && now.getTime() - last.startedAt.getTime() < RETRY_MS) return false;
  return true;
}

interface Destination {
  /** Puts the finished archive `file` under `name`; returns where it went. */
  store(file: string, name: string): Promise<string>;
  /** Every scheduled backup there, by name. */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
}

async function s3Destination(url: string, config: NonNullable<ScheduleOptions["s3"]>): Promise<Destination> {
  const { S3Storage } = await import("../storage/s3.server.ts");
  const {
    CreateMultipartUploadCommand,
    UploadPartCommand,
    CompleteMultipartUploadCommand,
    AbortMultipartUploadCommand,
    ListObjectsV2Command,
    DeleteObjectCommand,
  } = await import("@aws-sdk/client-s3");
  const { client } = new S3Storage(config);
  const [, bucket, prefixPath = ""] = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url)!;
  const prefix = prefixPath ? `${prefixPath.replace(/\/+$/, "")}/` : "";
  return {
    async store(file, name) {
      const Key = `${prefix}${name}`;
      // Parts of 16 MB read into one buffer reused for the whole file: memory stays flat.
      const part = Buffer.allocUnsafe(16 * 1024 * 1024);
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key, ContentType: "application/gzip" }));
      const handle = await open(file, "r");
      try {
        const parts = [];
        for (let PartNumber = 1; ; PartNumber++) {
          const { bytesRead } = await handle.read(part, 0, part.length, null);
          if (bytesRead === 0 && PartNumber > 1) break;
          const { ETag } = await client.send(
            new UploadPartCommand({ Bucket: bucket, Key, UploadId, PartNumber, Body: part.subarray(0, bytesRead), ContentLength: bytesRead }),
          );
          parts.push({ ETag, PartNumber });
          if (bytesRead < part.length) break;
        }
        await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
      } catch (error) {
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId })).catch(() => undefined);
        throw error;
      } finally {
        await handle.close();
      }
      return `s3://${bucket}/${Key}`;
    },
    async list() {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) if (item.Key && NAME.test(item.Key.slice(prefix.length))) names.push(item.Key.slice(prefix.length));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names;
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
    },
  };
}

function folderDestination(dir: string): Destination {
  return {
    async store(file) {
      return file; // written in place
    },
    async list() {
      return (await readdir(dir).catch(() => [])).filter((name) => NAME.test(name));
    },
    async remove(name) {
      await rm(join(dir, name), { force: true });
    },
  };
}

/**
 * `npm run backup -- --out file`, in a child process: it lowers its own CPU priority, so the
 * hashing and compressing of a large library take only the time the site leaves idle, and its
 * memory is its own (scripts/backup.ts). The server runs from the application's folder.
 */
function runBackupProcess(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(process.cwd(), "scripts/backup.ts"), "--out", file], { env: process.env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            stderr
              .trim()
              .split("\n")
              .at(-1)
              ?.replace(/^backup: /, "") || `the backup exited with ${code}`,
          ),
        );
    });
  });
}

/** One scheduled backup, now: written, recorded, the oldest beyond `keep` deleted. */
async function backUp(dir: string, keep: number, now: Date, s3: ScheduleOptions["s3"]): Promise<void> {
  const run = await db.backupRun.create({ data: { status: "running", startedAt: now } });
  const name = `backup-${stampOf(now)}.tar.gz`;
  const toS3 = dir.startsWith("s3://");
  const temp = toS3 ? await mkdtemp(join(tmpdir(), "scheduled-backup-")) : null;
  try {
    const folder = temp ?? dir;
    await mkdir(folder, { recursive: true });
    const file = join(folder, name);
    await runBackupProcess(file);
    const bytes = (await stat(file)).size;
    const destination = toS3
      ? await s3Destination(
          dir,
          s3 ?? { endpoint: env.S3_ENDPOINT!, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
        )
      : folderDestination(dir);
    const location = await destination.store(file, name);
    const names = (await destination.list()).sort();
    for (const old of names.slice(0, Math.max(0, names.length - keep))) await destination.remove(old);
    await db.backupRun.update({ where: { id: run.id }, data: { status: "ok", finishedAt: new Date(), location, bytes } });
    log("info", "backup: done", { location, bytes });
  } catch (error) {
    const message = (error as Error).message.split("\n")[0]!.slice(0, 500);
    log("error", "backup failed", { ...errorFields(error), dir });
    await db.backupRun.update({ where: { id: run.id }, data: { status: "failed", finishedAt: new Date(), error: message } }).catch((e: unknown) => {
      log("error", "backup: the failure could not be recorded", errorFields(e));
    });
  } finally {
    if (temp) await rm(temp, { recursive: true, force: true });
  }
}

/**
 * Takes the daily backup if it is due and no other instance is taking it. Returns what happened
 * (for tests and the log): "off" without BACKUP_DIR, "not-due", "busy" (another holds the lease), or "ran".
 */
export async function runDueBackup(options: ScheduleOptions = {}): Promise<"off" | "not-due" | "busy" | "ran"> {
  const dir = options.dir ?? env.BACKUP_DIR;
  if (!dir) return "off";
  const now = options.now ?? (() => new Date());
  if (!(await isDue(now()))) return "not-due";
  const holder = randomUUID();
  if (!(await takeLease(holder, now()))) return "busy";
  const renew = setInterval(() => {
    db.backupLock
      .updateMany({ where: { id: 1, holder }, data: { expiresAt: new Date(now().getTime() + LEASE_MS) } })
      .catch((error: unknown) => log("warn", "backup: could not renew the lease", errorFields(error)));
  }, RENEW_MS);
  renew.unref();
  try {
    // Checked again under the lease: another instance may have finished one a moment ago.
    if (!(await isDue(now()))) return "not-due";
    await backUp(dir, options.keep ?? env.BACKUP_KEEP, now(), options.s3);
    return "ran";
  } finally {
    clearInterval(renew);
    await releaseLease(holder).catch(() => undefined);
  }
}

/** What the dashboard shows: the last backup that finished, and whether the latest run failed. */
export async function backupStatus(): Promise<{
  enabled: boolean;
  lastOk: { finishedAt: Date; location: string } | null;
  lastFailure: { finishedAt: Date; error: string } | null;
}> {
  const [lastOk, latest] = await Promise.all([
    db.backupRun.findFirst({ where: { status: "ok" }, orderBy: { startedAt: "desc" } }),
    db.backupRun.findFirst({ where: { status: { not: "running" } }, orderBy: { startedAt: "desc" } }),
  ]);
  return {
    enabled: Boolean(env.BACKUP_DIR),
    lastOk: lastOk?.finishedAt ? { finishedAt: lastOk.finishedAt, location: lastOk.location } : null,
    lastFailure: latest?.status === "failed" ? { finishedAt: latest.finishedAt ?? latest.startedAt, error: latest.error } : null,
  };
}

/** The checks this process runs, if started: kept process-wide, as development reloads this module. */
const running = remember("backup-schedule", () => ({ handle: null as { stop(): void } | null }));

/** Starts the checks once per process when BACKUP_DIR is set (a random first delay, then every 10 minutes). */
export function startBackupSchedule(): { stop(): void } {
  if (running.handle) return running.handle;
  if (!env.BACKUP_DIR) return { stop() {} };
  let timer: NodeJS.Timeout;
  let stopped = false;
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      runDueBackup()
        .catch((error: unknown) => log("error", "backup failed", errorFields(error)))
        .finally(() => {
          if (!stopped) schedule(CHECK_MS);
        });
    }, delay);
    timer.unref();
  };
  schedule(Math.floor(Math.random() * 60_000));
  const handle = {
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (running.handle === handle) running.handle = null;
    },
  };
  running.handle = handle;
  return handle;
}
