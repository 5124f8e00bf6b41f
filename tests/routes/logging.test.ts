// The production server's log: every line it writes is one JSON object; every line written while a
// request is handled carries that request's id (X-Request-Id), including the lines the app logs
// deep inside a loader or an action; an admin failure names its route, action and user, with the
// error's stack. Runs on both databases (TEST_DATABASE=postgres).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, isPostgres } from "~/lib/db.server";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { signedIn } from "./admin-fixtures";

const REASON = "falha simulada no banco";
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

/** The lines of one request, once its closing "request" line is written. */
async function linesOf(requestId: string) {
  await expect.poll(() => server.logs().some((line) => line.requestId === requestId && line.msg === "request")).toBe(true);
  return server.logs().filter((line) => line.requestId === requestId);
}

describe("log lines of the production server", () => {
  it("are all JSON objects with a time, a level name and a message", async () => {
    await fetch(`${server.baseUrl}/`);
    await fetch(`${server.baseUrl}/pagina-que-nao-existe`);
    const lines = server.output().split("\n").filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    for (const text of lines) {
      const line = JSON.parse(text) as Record<string, unknown>;
      expect(line, text).toMatchObject({ time: expect.any(String), level: expect.stringMatching(/^(info|warn|error|fatal)$/), msg: expect.any(String) });
      expect(Number.isNaN(Date.parse(String(line.time))), text).toBe(false);
    }
  });

  it("carry the request id, also on what the app logs while handling the request", async () => {
    const response = await fetch(`${server.baseUrl}/pagina-que-nao-existe`);
    expect(response.status).toBe(404);
    const requestId = response.headers.get("x-request-id")!;
    const lines = await linesOf(requestId);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(["404 Not Found", "request"]));
    expect(lines.find((line) => line.msg === "404 Not Found")).toMatchObject({ level: "warn", path: "/pagina-que-nao-existe" });
  });

  it("name the route, the action and the admin's user id of a failed admin save, with the stack", async () => {
    const table = "window_films_testimonials";
    if (isPostgres) {
      await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION fail_write() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION '${REASON}'; END $$ LANGUAGE plpgsql`);
      await db.$executeRawUnsafe(`CREATE TRIGGER fail_write BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION fail_write()`);
    } else {
      await db.$executeRawUnsafe(`CREATE TRIGGER fail_insert BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, '${REASON}'); END`);
    }
    const { user, cookie } = await signedIn();
    const response = await fetch(`${server.baseUrl}/admin/window-films-testimonials`, {
      method: "POST",
      headers: { cookie, origin: server.baseUrl },
      redirect: "manual",
      body: new URLSearchParams({ client_name: "Marina", testimonial: "Excelente.", rating: "5" }),
    });
    expect(response.status).toBe(500);
    const lines = await linesOf(response.headers.get("x-request-id")!);
    const failure = lines.find((line) => line.msg === "admin save failed");
    expect(failure, JSON.stringify(lines)).toMatchObject({
      level: "error",
      route: "/admin/window-films-testimonials",
      action: "save",
      userId: user.id,
      err: { type: expect.any(String), message: expect.any(String), stack: expect.stringMatching(/\n\s+at /) },
    });
    // The database's own reason travels with the error (Prisma keeps it in the error's details).
    expect(JSON.stringify(failure)).toContain(REASON);
  });
});

describe("LOG_LEVEL", () => {
  it("at warn leaves out the access lines and keeps the warnings, with their request ids", async () => {
    const quiet = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET, LOG_LEVEL: "warn" });
    try {
      await fetch(`${quiet.baseUrl}/`);
      const missing = await fetch(`${quiet.baseUrl}/pagina-que-nao-existe`);
      const requestId = missing.headers.get("x-request-id")!;
      await expect.poll(() => quiet.logs().some((line) => line.requestId === requestId && line.msg === "404 Not Found")).toBe(true);
      expect(quiet.logs().filter((line) => line.level === "info")).toEqual([]);
    } finally {
      expect(await quiet.stop()).toBe(0);
    }
  });

  it("at info writes one access line per request with its fields, also for a page from the cache", async () => {
    await fetch(`${server.baseUrl}/servicos`);
    const cached = await fetch(`${server.baseUrl}/servicos`);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    const [line] = await linesOf(cached.headers.get("x-request-id")!);
    expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/servicos", status: 200, cache: "hit", ms: expect.any(Number) });
    expect(Number.isNaN(Date.parse(String(line!.time)))).toBe(false);
  });
});
