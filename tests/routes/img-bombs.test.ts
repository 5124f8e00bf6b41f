// Hostile SVG against the built production server: the two bombs of tests/helpers/svg-bombs.ts,
// published as client logos on "another site" (127.0.0.2), are asked for through /img several
// times at once while static assets and pages are requested alongside. Rendering runs in a child
// process that is killed after 3 s, one at a time, and image work never holds more than two of
// libuv's threads, so assets keep answering in well under a second, and the bombs are refused.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { bumpContentVersion } from "~/lib/content-version.server";
import { bytes, startOtherHost, type OtherHost } from "../helpers/other-host";
import { BUILD_DIR, startServer, type RunningServer } from "../helpers/platform-server";
import { BLUR_BOMB, USE_BOMB } from "../helpers/svg-bombs";

let other: OtherHost;
let server: RunningServer;
let asset = "";

beforeAll(async () => {
  other = await startOtherHost();
  other.route("/bomba-use.svg", bytes(USE_BOMB, "image/svg+xml"));
  other.route("/bomba-blur.svg", bytes(BLUR_BOMB, "image/svg+xml"));
  other.route(
    "/logo.svg",
    bytes('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><rect width="200" height="80" fill="#f60"/></svg>', "image/svg+xml"),
  );
  for (const path of ["/bomba-use.svg", "/bomba-blur.svg", "/logo.svg"]) {
    await db.clientLogo.create({ data: { clientName: path, logoUrl: `${other.origin}${path}` } });
  }
  await bumpContentVersion();
  server = await startServer({ NODE_ENV: "test", IMG_TEST_ALLOW_HOSTS: "127.0.0.2" });
  const script = readdirSync(join(BUILD_DIR, "client/assets")).find((name) => name.endsWith(".js"))!;
  asset = `/assets/${script}`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await other?.stop();
});

const img = (path: string, width: number) => `/img?src=${encodeURIComponent(`${other.origin}${path}`)}&w=${width}`;

/** One request and how long its whole answer took; a request stuck for `limitMs` fails the test. */
async function timed(path: string, limitMs = 5_000): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { Accept: "image/webp,*/*", "Accept-Encoding": "gzip, br" },
    signal: AbortSignal.timeout(limitMs),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

describe("SVG bombs through /img", () => {
  it("are refused within the render budget while assets and pages keep answering", { timeout: 120_000 }, async () => {
    // Warm: the asset read once, the page rendered and cached.
    expect((await timed(asset)).status).toBe(200);
    expect((await timed("/servicos")).status).toBe(200);

    let done = false;
    const started = performance.now();
    const bombs = Promise.all(
      [img("/bomba-use.svg", 320), img("/bomba-blur.svg", 320), img("/bomba-use.svg", 640), img("/bomba-blur.svg", 640)].map((path) => timed(path, 60_000)),
    ).finally(() => (done = true));

    const assets: number[] = [];
    const pages: number[] = [];
    while (!done || assets.length < 5) {
      const [a, p] = await Promise.all([timed(asset), timed("/servicos")]);
      expect(a.status).toBe(200);
      expect(p.status).toBe(200);
      assets.push(a.ms);
      pages.push(p.ms);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const results = await bombs;
    const elapsed = performance.now() - started;

    // Each bomb was killed and refused (422), or refused at once because renders were queued (503).
    for (const result of results) expect([422, 503]).toContain(result.status);
    expect(results.some((r) => r.status === 422)).toBe(true);
    // Four renders of 3 s at most, one at a time, plus the renderer's start-up each time.
    expect(elapsed, `bombs took ${Math.round(elapsed)} ms`).toBeLessThan(40_000);
    const round = (list: number[]) => list.map(Math.round).join(", ");
    expect(Math.max(...assets), `asset latencies (ms): ${round(assets)}`).toBeLessThan(1000);
    expect(Math.max(...pages), `page latencies (ms): ${round(pages)}`).toBeLessThan(1000);
  });

  it("a plain SVG still renders afterwards", { timeout: 60_000 }, async () => {
    const response = await fetch(`${server.baseUrl}${img("/logo.svg", 160)}`, { headers: { Accept: "image/png" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
  });
});
