// The content version: one counter bumped by every admin write (the admin layout's middleware,
// app/lib/admin/guard.server.ts, after every POST under /admin), which the page cache's pages belong to (server/page-cache/): a bump expires
// every cached page on every instance. On PostgreSQL every bump also sends a NOTIFY that every
// instance LISTENs to, so they read the new version at once; a periodic re-read
// (PAGE_CACHE_CHECK_MS) is the safety net.
import { armScheduleTimer, onScheduledPublication, readScheduleState } from "./blog/schedule.server.ts";
import { db, isPostgres } from "./db.server.ts";
import { env } from "./env.server.ts";

const CHANNEL = "content_version";

/** This process's watchers: told of its own writes before any other instance hears of them. */
const localWatchers = new Set<() => void>();

export async function bumpContentVersion(): Promise<void> {
  await db.contentVersion.upsert({
    where: { id: 1 },
    create: { id: 1, version: 1 },
    update: { version: { increment: 1 } },
  });
  // First here: this instance stops answering the old pages before the NOTIFY makes another one
  // purge the shared cache in front, which could otherwise refetch an old page from this one.
  for (const watcher of localWatchers) watcher();
  if (isPostgres) await db.$executeRawUnsafe(`NOTIFY ${CHANNEL}`);
}

/** The counter alone (what admin writes bump). */
export async function currentContentVersion(): Promise<number> {
  const row = await db.contentVersion.findUnique({ where: { id: 1 } });
  return row?.version ?? 0;
}

/**
 * The version public pages are cached under: the counter, and how many blog posts are public now,
 * since a scheduled post becomes public with no write to bump the counter. Reading it arms the
 * timer that `watchContentVersion` listeners hear when the next scheduled post is due.
 */
export async function pageCacheVersion(): Promise<number> {
  const [version, schedule] = await Promise.all([currentContentVersion(), readScheduleState()]);
  armScheduleTimer(schedule.nextDueAt);
  // Injective while fewer than 2^20 posts are public: a bump or a newly due post always changes it.
  return version * 2 ** 20 + (schedule.due % 2 ** 20);
}

/**
 * Calls `onChange` whenever this process bumps the version, and whenever any instance does (PostgreSQL LISTEN/NOTIFY, on a
 * connection of its own that reconnects by itself), and after every (re)connection, since
 * notifications sent while it was away are lost. On SQLite (one instance) there is nothing to
 * watch. Also calls it when a scheduled blog post becomes due (see `pageCacheVersion`), on either
 * database. Returns a function that stops watching.
 */
export function watchContentVersion(onChange: () => void): () => void {
  const stopScheduleWatch = onScheduledPublication(onChange);
  localWatchers.add(onChange);
  const stopSchedule = () => {
    stopScheduleWatch();
    localWatchers.delete(onChange);
  };
  if (!isPostgres) return stopSchedule;
  let stopped = false;
  let client: import("pg").Client | null = null;
  const retry = () => {
    if (!stopped) setTimeout(connect, 1000).unref();
  };
  async function connect() {
    const { default: pg } = await import("pg");
    const listener = new pg.Client({ connectionString: env.DATABASE_URL });
    listener.on("notification", () => onChange());
    listener.on("error", () => {
      listener.end().catch(() => {});
      retry();
    });
    try {
      await listener.connect();
      await listener.query(`LISTEN ${CHANNEL}`);
      client = listener;
      onChange();
    } catch {
      listener.end().catch(() => {});
      retry();
    }
  }
  void connect();
  return () => {
    stopSchedule();
    stopped = true;
    void client?.end().catch(() => {});
  };
}
