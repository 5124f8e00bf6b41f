// The media library on an S3-compatible store (a real s3rver), with files addressed by their S3 URLs.
import { afterAll } from "vitest";
import { mediaLibrarySuite } from "../helpers/media-library-suite";
import { startS3rver, type RunningS3 } from "../helpers/s3rver";

let s3: RunningS3 | undefined;
afterAll(() => s3?.stop());

mediaLibrarySuite("S3 (s3rver)", async () => {
  s3 = await startS3rver();
  process.env.S3_ENDPOINT = s3.endpoint;
  process.env.S3_ACCESS_KEY_ID = s3.accessKeyId;
  process.env.S3_SECRET_ACCESS_KEY = s3.secretAccessKey;
});
