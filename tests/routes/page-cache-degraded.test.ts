// The page cache never stores a page built from a failed read, and no route has to pass anything
// for that: the code that catches the failure calls markDegraded() with no argument, the mark goes
// on the request being handled (its async scope), and the cache reads it where it stores the page.
// A fixture route, served by the real server pipeline (server/app.ts) in this process, reads the
// client logos through the site's own read (listClientLogos(), called with nothing), and marks
// nothing itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { markDegraded } from "~/lib/load-status.server";
import { listClientLogos } from "~/lib/public-content.server";
import { expectErrorOutput } from "../helpers/error-trap.ts";
import { fixtureApp, startFixtureInstance, type FixtureInstance } from "../helpers/fixture-server.ts";

/** Resolved by each of two concurrent renders once it is under way (the scope test below). */
const started = { degraded: Promise.withResolvers<void>(), healthy: Promise.withResolvers<void>() };

async function loader({ request }: { request: Request }) {
  const pair = new URL(request.url).searchParams.get("par");
  if (pair === "degradada" || pair === "saudavel") {
    // Two renders at once: each waits until the other has started, then one marks its own request.
    const [mine, other] = pair === "degradada" ? [started.degraded, started.healthy] : [started.healthy, started.degraded];
    mine.resolve();
    await other.promise;
    if (pair === "degradada") markDegraded();
    return [pair];
  }
  return (await listClientLogos()).map((logo) => logo.clientName);
}

let instance: FixtureInstance;
beforeAll(async () => {
  await db.clientLogo.create({ data: { clientName: "Logo Firme", logoUrl: "/logo-firme.png" } });
  instance = await startFixtureInstance(fixtureApp({ loader }));
});
afterAll(() => instance.stop());

async function get(path = "/") {
  const response = await fetch(`${instance.baseUrl}${path}`);
  return { cache: response.headers.get("x-cache"), cacheControl: response.headers.get("cache-control"), html: await response.text(), status: response.status };
}

describe("a public page whose read failed and was shown as an empty state", () => {
  it("is sent to its visitor but never stored nor shared, and the next good read is stored", async () => {
    const logged = expectErrorOutput();
    await db.$executeRawUnsafe("ALTER TABLE client_logos RENAME TO client_logos_off");
    try {
      for (let i = 0; i < 2; i++) {
        const page = await get();
        expect(page.status).toBe(200);
        expect(page.html).toContain("<p>[]</p>"); // the strip's empty state
        expect(page.cache, `request ${i + 1}`).toBeNull(); // not stored: the second one is no HIT
        expect(page.cacheControl).toBe("no-store");
      }
    } finally {
      await db.$executeRawUnsafe("ALTER TABLE client_logos_off RENAME TO client_logos");
    }
    expect(logged().map((line) => line.msg)).toContain("Error loading logos");

    const healed = await get();
    expect(healed.html).toContain("Logo Firme");
    expect(healed.cache).toBe("MISS");
    expect(healed.cacheControl).toMatch(/^public/);
    expect((await get()).cache).toBe("HIT");
  });

  it("marks only its own request: another page rendered at the same moment is stored", async () => {
    const [degraded, healthy] = await Promise.all([get("/?par=degradada"), get("/?par=saudavel")]);
    expect(degraded.html).toContain("degradada");
    expect(degraded.cache).toBeNull();
    expect(degraded.cacheControl).toBe("no-store");
    expect(healthy.html).toContain("saudavel");
    expect(healthy.cache).toBe("MISS");
    expect((await get("/?par=saudavel")).cache).toBe("HIT");
    expect((await get("/?par=degradada")).cache).toBeNull();
  });
});
