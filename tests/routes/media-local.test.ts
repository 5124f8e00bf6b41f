// The media and image routes on local disk (the default backend).
import { expect, it } from "vitest";
import { mediaRouteSuite } from "../helpers/media-route-suite";

mediaRouteSuite("local disk", { configure: async () => {}, directPublicUrl: false });

it("needs no other origin for media on local disk", async () => {
  const { mediaOrigin } = await import("~/lib/storage/index.server");
  expect(mediaOrigin()).toBeNull();
});
