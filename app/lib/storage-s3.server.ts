// The S3-compatible backend (AWS S3, MinIO, Cloudflare R2, s3rver in tests). Path-style
// addressing and checksums only when required: without them streamed uploads to S3-compatible
// stores are stored corrupted without an error (DESIGN.md §4). Uploads stream in 5 MB parts
// (multipart upload), so memory stays flat whatever the file size.
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutBucketPolicyCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Readable, Transform } from "node:stream";
import { BUCKETS, isBucket, isSafeKey, type Bucket, type ObjectBody, type StorageBackend } from "./storage.server.ts";

export interface S3Config {
  endpoint: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Base URL under which `<bucket>/<key>` is publicly readable (a CDN, a custom domain); default: the endpoint. */
  publicUrl?: string;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

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
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
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
      console.warn(
        JSON.stringify({ level: "warn", msg: "storage: could not make the bucket publicly readable; do it in the store's console", bucket, error: String(error) }),
      );
    }
  }

  async put(bucket: Bucket, key: string, body: Readable, contentType: string): Promise<number> {
    checkKey(bucket, key);
    let size = 0;
    // Counting in a Transform keeps backpressure: a "data" listener would switch the stream to
    // flowing mode, and the upload would no longer slow the client down when the store is slower.
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    body.on("error", (error) => counted.destroy(error));
    body.pipe(counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: bucket, Key: key, Body: counted, ContentType: contentType, CacheControl: IMMUTABLE },
      partSize: 5 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
    return size;
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
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
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
}
