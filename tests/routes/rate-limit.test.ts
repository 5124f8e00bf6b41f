// The database-backed rate limit under concurrency, on SQLite and (TEST_DATABASE=postgres) on
// PostgreSQL: every hit gets its own count, also when the window starts or restarts.
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { hit, peek } from "~/lib/rate-limit.server";

const HITS = 30;
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe(`rate limit on ${process.env.TEST_DATABASE === "postgres" ? "PostgreSQL" : "SQLite"}`, () => {
  it("counts concurrent first hits of a new key exactly once each", async () => {
    const results = await Promise.all(range(HITS).map(() => hit("teste:novo", 10, 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(range(HITS));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(await peek("teste:novo")).toBe(HITS);
    expect(results.every((r) => r.retryAfter > 0 && r.retryAfter <= 60)).toBe(true);
  });

  it("restarts an expired window once under concurrent hits", async () => {
    await db.rateLimit.create({ data: { key: "teste:expirado", count: 99, resetAt: new Date(Date.now() - 1000) } });
    const results = await Promise.all(range(HITS).map(() => hit("teste:expirado", 5, 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(range(HITS));
    const row = await db.rateLimit.findUniqueOrThrow({ where: { key: "teste:expirado" } });
    expect(row.count).toBe(HITS);
    expect(row.resetAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it("keeps counting within an open window and keeps its end", async () => {
    const resetAt = new Date(Date.now() + 30_000);
    await db.rateLimit.create({ data: { key: "teste:aberto", count: 3, resetAt } });
    const result = await hit("teste:aberto", 5, 60_000);
    expect(result).toMatchObject({ count: 4, allowed: true });
    expect(result.retryAfter).toBeLessThanOrEqual(30);
    expect((await db.rateLimit.findUniqueOrThrow({ where: { key: "teste:aberto" } })).resetAt).toEqual(resetAt);
  });
});
