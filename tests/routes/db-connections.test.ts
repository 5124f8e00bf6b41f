// The database's per-connection settings hold on every connection, not only the first: the
// SQLite driver keeps a pool, and an interactive transaction (which `hit()` and most admin
// writes run) borrows a connection of its own, so later queries may run on a fresh one.
import { describe, expect, it } from "vitest";
import { db, dbReady, isPostgres, SQLITE_BUSY_TIMEOUT_MS } from "~/lib/db.server";

async function pragma(name: string): Promise<number> {
  const rows = await db.$queryRawUnsafe<Array<Record<string, unknown>>>(`PRAGMA ${name}`);
  return Number(Object.values(rows[0]!)[0]);
}

/** Sends `next` while an interactive transaction is open (it runs once the transaction lets it). */
async function besideTransaction<T>(next: () => Promise<T>): Promise<T> {
  const transaction = db.$transaction(async (tx) => {
    await tx.rateLimit.findMany();
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
  const [, result] = await Promise.all([transaction, next()]);
  return result;
}

describe("database connections", () => {
  it("keeps foreign keys and the busy timeout on the connections used during and after transactions", async () => {
    await dbReady;
    if (isPostgres) {
      // PostgreSQL always enforces foreign keys and has no busy timeout: only the cascade applies.
      expect(isPostgres).toBe(true);
      return;
    }
    expect(await pragma("foreign_keys")).toBe(1);
    expect(await pragma("busy_timeout")).toBe(SQLITE_BUSY_TIMEOUT_MS);
    const beside = await besideTransaction(async () => [await pragma("foreign_keys"), await pragma("busy_timeout")]);
    expect(beside).toEqual([1, SQLITE_BUSY_TIMEOUT_MS]);
    for (let i = 0; i < 3; i++) {
      await db.$transaction(async (tx) => tx.rateLimit.count());
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("busy_timeout")).toBe(SQLITE_BUSY_TIMEOUT_MS);
    }
  });

  it("deletes a user's roles and sessions with the user after transactions have run", async () => {
    await dbReady;
    await besideTransaction(async () => db.rateLimit.count());
    await db.$transaction(async (tx) => tx.user.count());
    const user = await db.user.create({ data: { email: "cascata@agencia.com.br", passwordHash: "x" } });
    await db.userRole.create({ data: { userId: user.id, role: "admin" } });
    await db.session.create({ data: { id: "cascata", userId: user.id, expiresAt: new Date(Date.now() + 60_000) } });
    // Delete on whichever connection the pool hands out beside and after a transaction.
    await besideTransaction(async () => db.user.delete({ where: { id: user.id } }));
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.userRole.count({ where: { userId: user.id } })).toBe(0);
  });
});
