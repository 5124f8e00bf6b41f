// Size limits (tiny here) are enforced while the body streams in: 413, a clear message, nothing written.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.MAX_IMAGE_MB = "0.0005"; // 524 bytes
  process.env.MAX_VIDEO_MB = "0.001"; // 1048 bytes
});

import { db } from "~/lib/db.server";
import { action as logosAction } from "~/routes/admin.client-logos";
import { action as portfolioAction } from "~/routes/admin.portfolio";
import { bufferedFormRequest } from "../helpers/request";
import { dataOf, MP4_BYTES, PNG_BYTES, sessionCookie } from "./admin-fixtures";

const bigPng = (bytes: number) => new File([Buffer.concat([PNG_BYTES, Buffer.alloc(bytes)])], "grande.png", { type: "image/png" });
const files = (bucket: string) => readdir(join(process.env.UPLOADS_DIR!, bucket)).catch(() => []);

describe("upload size limits", () => {
  it("an image over MAX_IMAGE_MB gets 413 with a clear message, no row and no file", async () => {
    const cookie = await sessionCookie();
    const { status, body } = await dataOf(
      portfolioAction,
      await bufferedFormRequest("/admin/portfolio", { title: "T", category: "IA", description: "D", result: "R", cover_image: bigPng(800) }, { cookie }),
    );
    expect(status).toBe(413);
    expect(body.lastResult!.error!.cover_image![0]).toMatch(/^Arquivo muito grande\. O limite é de 0.0005 MB\.$/);
    expect(await db.portfolioItem.count()).toBe(0);
    expect(await files("portfolio-media")).toEqual([]);
  });

  it("a body over every limit is refused while streaming (413) before anything is stored", async () => {
    const cookie = await sessionCookie();
    const huge = new File([Buffer.concat([MP4_BYTES, Buffer.alloc(5 * 1024 * 1024)])], "enorme.mp4", { type: "video/mp4" });
    const { status, body } = await dataOf(logosAction, await bufferedFormRequest("/admin/client-logos", { client_name: "Acme", logo_file: huge }, { cookie }));
    expect(status).toBe(413);
    expect(body.toast?.title).toBe("Arquivo muito grande");
    expect(await db.clientLogo.count()).toBe(0);
    expect(await files("portfolio-media")).toEqual([]);
  });
});
