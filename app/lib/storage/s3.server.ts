// The S3-compatible backend (AWS S3, MinIO, Cloudflare R2, s3rver in tests). Path-style
// addressing and checksums only when required: without them streamed uploads to S3-compatible
// stores are stored corrupted without an error. Uploads stream in 5 MB parts
// (multipart upload) through two part buffers reused for the whole file, so memory stays flat
// whatever the file size (see putObject below).
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketPolicyCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
} from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import { IMMUTABLE_CACHE } from "../http.server.ts";
import { BUCKETS, isBucket, isSafeKey, type Bucket, type ListedObject, type ObjectBody, type StorageBackend } from "./keys.server.ts";
import { errorFields, log } from "../logger.server.ts";

export interface S3Config {
  endpoint: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Base URL under which `<bucket>/<key>` is publicly readable (a CDN, a custom domain); default: the endpoint. */
  publicUrl?: string;
}

function checkKey(bucket: Bucket, key: string) {
  if (!isBucket(bucket) || !isSafeKey(key)) throw new Error("invalid object key");
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey" || error.name === "NoSuchBucket")
  );
}

export class S3Storage implements StorageBackend {
  readonly client: S3Client;
  private readonly publicBase: string;

  constructor(config: S3Config) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    });
    this.publicBase = (config.publicUrl || config.endpoint).replace(/\/+$/, "");
  }

  /** Creates the media buckets that are missing, readable by anyone (best effort: R2 and some stores manage access elsewhere). */
  async ensureBuckets(): Promise<void> {
    for (const bucket of BUCKETS) {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: bucket }));
        continue;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      await this.client.send(new CreateBucketCommand({ Bucket: bucket }));
      await this.allowPublicRead(bucket);
    }
  }

  private async allowPublicRead(bucket: Bucket) {
    const policy = {
      Version: "2012-10-17",
      Statement: [{ Effect: "Allow", Principal: "*", Action: ["s3:GetObject"], Resource: [`arn:aws:s3:::${bucket}/*`] }],
    };
    try {
      await this.client.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: JSON.stringify(policy) }));
    } catch (error) {
      log("warn", "storage: could not make the bucket publicly readable; do it in the store's console", { bucket, ...errorFields(error) });
    }
  }

  async put(bucket: Bucket, key: string, body: Readable, contentType: string): Promise<number> {
    checkKey(bucket, key);
    return putObject(this.client, { Bucket: bucket, Key: key, ContentType: contentType, CacheControl: IMMUTABLE_CACHE }, body);
  }

  async head(bucket: Bucket, key: string) {
    checkKey(bucket, key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return {
        size: out.ContentLength ?? 0,
        contentType: out.ContentType || "application/octet-stream",
        lastModified: out.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(bucket: Bucket, key: string, range?: { start: number; end: number }): Promise<ObjectBody | null> {
    checkKey(bucket, key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      const total = out.ContentRange ? Number(out.ContentRange.split("/")[1]) : out.ContentLength;
      return {
        stream: out.Body as Readable,
        size: total ?? 0,
        contentType: out.ContentType || "application/octet-stream",
        lastModified: out.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(bucket: Bucket, key: string) {
    checkKey(bucket, key);
    await this.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }

  publicUrl(bucket: Bucket, key: string) {
    return `${this.publicBase}/${bucket}/${key}`;
  }

  async list(bucket: Bucket): Promise<ListedObject[]> {
    if (!isBucket(bucket)) throw new Error("invalid bucket");
    const objects: ListedObject[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
      for (const item of page.Contents ?? []) {
        if (item.Key && isSafeKey(item.Key)) objects.push({ key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return objects;
  }
}

/** S3's smallest part (but the last). */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * Streams `body` into one object. Each incoming chunk is copied at once into one of two part
 * buffers, allocated once per file: one fills while the other is sent (one part in flight, so a
 * slow store slows the reading, and through backpressure the client). Nothing else outlives a
 * chunk, so the garbage a 150 MB upload leaves is short-lived and the process's memory stays
 * flat; a library uploader that gathers chunks into new part buffers keeps ~2 parts of garbage
 * per part alive long enough to reach the old generation, which measured 30–40 MB more RSS.
 * A file smaller than a part is sent with one PutObject. On any failure the multipart upload is
 * aborted, so no parts are left behind (and billed). Returns the number of bytes stored.
 */
async function putObject(
  client: S3Client,
  object: { Bucket: string; Key: string; ContentType: string; CacheControl: string },
  body: Readable,
): Promise<number> {
  const buffers: Buffer[] = [];
  let filling = 0; // index into buffers
  let filled = 0; // bytes in buffers[filling]
  let size = 0;
  let uploadId: string | undefined;
  let partNumber = 0;
  const parts: CompletedPart[] = [];
  let inFlight: Promise<void> | undefined;

  const sendPart = async (bytes: Buffer) => {
    uploadId ??= (await client.send(new CreateMultipartUploadCommand(object))).UploadId;
    const PartNumber = ++partNumber;
    const { ETag } = await client.send(
      new UploadPartCommand({ Bucket: object.Bucket, Key: object.Key, UploadId: uploadId, PartNumber, Body: bytes, ContentLength: bytes.length }),
    );
    parts.push({ ETag, PartNumber });
  };
  /** Sends the full buffer once the previous part is stored (its buffer is then free to refill). */
  const flushPart = async () => {
    await inFlight;
    const part = buffers[filling]!;
    inFlight = sendPart(part);
    inFlight.catch(() => undefined); // awaited (and its error thrown) before the next part or at the end
    filling = 1 - filling;
    filled = 0;
  };

  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      for (let offset = 0; offset < chunk.length;) {
        buffers[filling] ??= Buffer.allocUnsafe(PART_BYTES);
        const copied = chunk.copy(buffers[filling]!, filled, offset);
        offset += copied;
        filled += copied;
        size += copied;
        if (filled === PART_BYTES) await flushPart();
      }
    }
    const rest = (buffers[filling] ?? Buffer.alloc(0)).subarray(0, filled);
    if (!inFlight) {
      // Smaller than a part: no multipart upload was started.
      await client.send(new PutObjectCommand({ ...object, Body: rest, ContentLength: rest.length }));
      return size;
    }
    await inFlight;
    if (rest.length > 0) await sendPart(rest);
    await client.send(new CompleteMultipartUploadCommand({ Bucket: object.Bucket, Key: object.Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    return size;
  } catch (error) {
    await inFlight?.catch(() => undefined);
    if (uploadId) {
      await client.send(new AbortMultipartUploadCommand({ Bucket: object.Bucket, Key: object.Key, UploadId: uploadId })).catch(() => undefined);
    }
    throw error;
  }
}
