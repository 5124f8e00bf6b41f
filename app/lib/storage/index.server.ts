// Every uploaded file goes through this module. Two backends share one interface:
// local disk under UPLOADS_DIR (default) and an S3-compatible store when S3_ENDPOINT is set.
// Stored objects are addressed as bucket + key; the database keeps their public URL.
import { env } from "../env.server.ts";
import type { Bucket, StorageBackend } from "./keys.server.ts";
import { mediaRef } from "../media/identity.server.ts";
import { sweepStalePartials } from "./disk.server.ts";
import { LocalDiskStorage } from "./local.server.ts";
import { errorFields, log } from "../logger.server.ts";

export { BUCKETS, contentTypeFor, isBucket, isSafeKey, namedKey, randomKey } from "./keys.server.ts";
export type { Bucket, ObjectBody, StorageBackend, StoredObject } from "./keys.server.ts";
export { LocalDiskStorage } from "./local.server.ts";
export { StorageWriteError } from "./disk.server.ts";

let backend: Promise<StorageBackend> | undefined;

async function createBackend(): Promise<StorageBackend> {
  // Writes a crash or a kill cut off left their temporary files under UPLOADS_DIR (uploads on
  // local disk and the image route's cache alike, whichever backend keeps the uploads).
  await sweepStalePartials(env.UPLOADS_DIR).then(
    (removed) => removed.length > 0 && log("info", "storage: removed files left over by writes that never finished", { count: removed.length }),
    (error: unknown) => log("warn", "storage: could not sweep left-over temporary files", errorFields(error)),
  );
  if (!env.S3_ENDPOINT) return new LocalDiskStorage(env.UPLOADS_DIR);
  const { S3Storage } = await import("./s3.server.ts");
  const s3 = new S3Storage({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    publicUrl: env.S3_PUBLIC_URL,
  });
  await s3.ensureBuckets();
  return s3;
}

/**
 * The configured backend: an S3-compatible store when S3_ENDPOINT is set (its buckets are
 * created on first use, so call this at start-up), else local disk under UPLOADS_DIR.
 */
export function storage(): Promise<StorageBackend> {
  backend ??= createBackend().catch((error) => {
    backend = undefined; // a store that was down at start is retried on the next call
    throw error;
  });
  return backend;
}

/**
 * The origin media are served from when it is not the site itself (S3 public URL or endpoint),
 * for the Content-Security-Policy's img-src and media-src; null with local disk.
 */
export function mediaOrigin(): string | null {
  const base = env.S3_ENDPOINT ? env.S3_PUBLIC_URL || env.S3_ENDPOINT : null;
  return base ? new URL(base).origin : null;
}

/** Finds bucket and key back from a URL naming one of our files, in any spelling (see app/lib/media/identity.server.ts); null for foreign URLs. */
export function objectFromUrl(url: string | null | undefined): { bucket: Bucket; key: string } | null {
  const ref = mediaRef(url);
  return ref ? { bucket: ref.bucket, key: ref.key } : null;
}
