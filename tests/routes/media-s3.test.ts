// The media and image routes with S3 configured, against a real S3-protocol server (s3rver):
// the buckets are created at start, uploads land in them and show at their public URL.
import { ListBucketsCommand } from "@aws-sdk/client-s3";
import { afterAll, expect, it } from "vitest";
import { mediaRouteSuite } from "../helpers/media-route-suite";
import { startS3rver, type RunningS3 } from "../helpers/s3rver";

let s3: RunningS3 | undefined;
afterAll(() => s3?.stop());

mediaRouteSuite("S3 (s3rver)", {
  directPublicUrl: true,
  async configure() {
    s3 = await startS3rver();
    process.env.S3_ENDPOINT = s3.endpoint;
    process.env.S3_ACCESS_KEY_ID = s3.accessKeyId;
    process.env.S3_SECRET_ACCESS_KEY = s3.secretAccessKey;
  },
});

it("creates both media buckets and names the store's origin for the CSP", async () => {
  const { storage, mediaOrigin } = await import("~/lib/storage/index.server");
  const { S3Storage } = await import("~/lib/storage/s3.server");
  const store = await storage();
  expect(store).toBeInstanceOf(S3Storage);
  const { Buckets } = await (store as InstanceType<typeof S3Storage>).client.send(new ListBucketsCommand({}));
  expect(Buckets?.map((b) => b.Name).sort()).toEqual(["blog-media", "portfolio-media"]);
  expect(mediaOrigin()).toBe(s3!.endpoint);
});

it("builds public URLs from S3_PUBLIC_URL when one is given", async () => {
  const { S3Storage } = await import("~/lib/storage/s3.server");
  const store = new S3Storage({ endpoint: s3!.endpoint, region: "us-east-1", publicUrl: "https://midia.example.com/" });
  expect(store.publicUrl("blog-media", "blog-covers/1.jpg")).toBe("https://midia.example.com/blog-media/blog-covers/1.jpg");
});
