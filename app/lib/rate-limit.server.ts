// Fixed-window counters in the database, so limits hold across every server instance.
// Used for sign-in, chat, contact and consent.
//
// A key names what it counts, and that is often a person: an address (`chat:ip:203.0.113.7`, an
// IPv6 address as its /64, see rateLimitAddress) or an e-mail (`login:email:ana@...`). So no key
// is stored as given: the table holds the key's first word (which limit it is, for whoever reads
// the table) and a keyed hash of the whole key (derived-keys.server.ts), the same on every instance.
// A copy of the table then says how many windows each limit has open, and nothing about who.
import { db } from "./db.server.ts";
import { keyedHash } from "./derived-keys.server.ts";

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** The limit the count is held to (the first count past it is the hit that locked). */
  limit: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/** The key as rate_limits stores it: `<first word>:<keyed hash of the whole key>`. */
export function rateLimitKey(key: string): string {
  const scope = key.split(":", 1)[0]!;
  return `${scope}:${keyedHash("rate-limit", key, 27)}`;
}

/**
 * Counts one hit for `key` in a window of `windowMs`; allowed while the count is at most `limit`.
 * One statement does it all (insert, or restart an expired window, or increment), so concurrent
 * hits on any number of instances each get their own count, even at a window's boundary: a
 * read-then-write would let two first hits both start the window at 1. The same SQL runs on
 * SQLite and PostgreSQL.
 * No transaction is held open either: with a crowd in the chat, interactive transactions (read,
 * then write) queued behind each other for seconds and held hundreds of megabytes meanwhile.
 */
export async function hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const stored = rateLimitKey(key);
  const now = new Date();
  const resetAt = new Date(now.getTime() + windowMs);
  const rows = await db.$queryRaw<Array<{ count: number | bigint; reset_at: Date | string }>>`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${stored}, 1, ${resetAt})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN excluded.reset_at ELSE rate_limits.reset_at END
    RETURNING count, reset_at`;
  const row = rows[0]!;
  const count = Number(row.count);
  return {
    allowed: count <= limit,
    count,
    limit,
    // Never past the window: a concurrent hit that read the clock a moment before the one that
    // opened the window would otherwise be told a second more than the window lasts.
    retryAfter: Math.min(Math.ceil(windowMs / 1000), Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - now.getTime()) / 1000))),
  };
}

/** The current count without counting a hit. */
export async function peek(key: string): Promise<number> {
  const row = await db.rateLimit.findUnique({ where: { key: rateLimitKey(key) } });
  return row && row.resetAt > new Date() ? row.count : 0;
}

/** Takes back one hit (an attempt that turned out not to be the kind the limit counts). */
export async function forgive(key: string): Promise<void> {
  await db.rateLimit.updateMany({ where: { key: rateLimitKey(key), count: { gt: 0 } }, data: { count: { decrement: 1 } } });
}

export async function reset(key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key: rateLimitKey(key) } });
}

/** Housekeeping: drops expired windows; returns how many (app/lib/housekeeping.server.ts). */
export async function sweepExpired(now = new Date()): Promise<number> {
  return (await db.rateLimit.deleteMany({ where: { resetAt: { lt: now } } })).count;
}
