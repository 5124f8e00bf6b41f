// The database-backed rate limit under concurrency, on SQLite and (TEST_DATABASE=postgres) on
// PostgreSQL: every hit gets its own count, also when the window starts or restarts; and no key is
// stored as given (addresses and e-mails are hashed).
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { forgive, hit, peek, rateLimitKey, reset } from "~/lib/rate-limit.server";

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
    await db.rateLimit.create({ data: { key: rateLimitKey("teste:expirado"), count: 99, resetAt: new Date(Date.now() - 1000) } });
    const results = await Promise.all(range(HITS).map(() => hit("teste:expirado", 5, 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(range(HITS));
    const row = await db.rateLimit.findUniqueOrThrow({ where: { key: rateLimitKey("teste:expirado") } });
    expect(row.count).toBe(HITS);
    expect(row.resetAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it("keeps counting within an open window and keeps its end", async () => {
    const resetAt = new Date(Date.now() + 30_000);
    await db.rateLimit.create({ data: { key: rateLimitKey("teste:aberto"), count: 3, resetAt } });
    const result = await hit("teste:aberto", 5, 60_000);
    expect(result).toMatchObject({ count: 4, allowed: true });
    expect(result.retryAfter).toBeLessThanOrEqual(30);
    expect((await db.rateLimit.findUniqueOrThrow({ where: { key: rateLimitKey("teste:aberto") } })).resetAt).toEqual(resetAt);
  });

  it("stores no address or e-mail in clear: each key as its limit's name and a keyed hash", async () => {
    const keys = ["insights:203.0.113.9", "chat:ip:2001:db8:5:6::/64", "login:email:ana@agencia.com.br", "reset:ip:198.51.100.7"];
    for (const key of keys) expect((await hit(key, 5, 60_000)).count).toBe(1);
    expect(await peek("login:email:ana@agencia.com.br")).toBe(1);
    const stored = (await db.rateLimit.findMany({ where: { key: { in: keys.map(rateLimitKey) } } })).map((row) => row.key);
    expect(stored.sort()).toEqual(keys.map(rateLimitKey).sort());
    const everything = JSON.stringify(await db.rateLimit.findMany());
    for (const clear of ["203.0.113.9", "2001:db8", "ana@agencia", "198.51.100.7"]) expect(everything).not.toContain(clear);
    expect(stored.every((key) => /^(insights|chat|login|reset):[\w-]{27}$/.test(key))).toBe(true);
    // The same key is the same row (every instance hashes alike); forgive and reset find it too.
    expect((await hit("login:email:ana@agencia.com.br", 5, 60_000)).count).toBe(2);
    await forgive("login:email:ana@agencia.com.br");
    expect(await peek("login:email:ana@agencia.com.br")).toBe(1);
    await reset("login:email:ana@agencia.com.br");
    expect(await peek("login:email:ana@agencia.com.br")).toBe(0);
  });
});
