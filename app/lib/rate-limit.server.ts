// Fixed-window counters in the database, so limits hold across every server instance.
// Used for sign-in, chat, contact and consent.
import { db } from "./db.server.ts";

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Counts one hit for `key` in a window of `windowMs`; allowed while the count is at most `limit`.
 * The upsert + increment is atomic on both databases.
 */
export async function hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const now = new Date();
  const resetAt = new Date(now.getTime() + windowMs);
  const row = await db.$transaction(async (tx) => {
    const current = await tx.rateLimit.findUnique({ where: { key } });
    if (!current || current.resetAt <= now) {
      return tx.rateLimit.upsert({
        where: { key },
        create: { key, count: 1, resetAt },
        update: { count: 1, resetAt },
      });
    }
    return tx.rateLimit.update({ where: { key }, data: { count: { increment: 1 } } });
  });
  return {
    allowed: row.count <= limit,
    count: row.count,
    retryAfter: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)),
  };
}

/** The current count without counting a hit. */
export async function peek(key: string): Promise<number> {
  const row = await db.rateLimit.findUnique({ where: { key } });
  return row && row.resetAt > new Date() ? row.count : 0;
}

export async function reset(key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}

/** Housekeeping: drop expired windows (called now and then, never on a hot path). */
export async function sweepExpired(): Promise<void> {
  await db.rateLimit.deleteMany({ where: { resetAt: { lt: new Date() } } });
}
