// Which blog posts the public sees, and how pages that list them stop being served stale when a
// scheduled post's time comes. No admin write happens at that moment, so the content version
// (which every instance's page cache compares) also counts the posts that are due: the count
// grows when a scheduled post becomes due, the version changes, and every instance empties its
// cache on its next read of the version, whichever instance it is and without any job running.
// So that this happens at the due moment and not only at the next periodic read, each read also
// arms a timer for the next scheduled time that tells the cache to read again.
import { db } from "../db.server.ts";

/** The posts a visitor may see at `now`: marked published, and their publication time has come. */
export function publicPostWhere(now: Date = new Date()) {
  return { isPublished: true, OR: [{ publishedAt: null }, { publishedAt: { lte: now } }] };
}

export interface ScheduleState {
  /** How many posts are public now. */
  due: number;
  /** The next time a scheduled post becomes public, if any. */
  nextDueAt: Date | null;
}

export async function readScheduleState(now: Date = new Date()): Promise<ScheduleState> {
  const [due, next] = await Promise.all([
    db.blogPost.count({ where: publicPostWhere(now) }),
    db.blogPost.findFirst({ where: { isPublished: true, publishedAt: { gt: now } }, orderBy: { publishedAt: "asc" }, select: { publishedAt: true } }),
  ]);
  return { due, nextDueAt: next?.publishedAt ?? null };
}

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;
let armedFor: number | null = null;
// setTimeout's longest delay (about 24.8 days); a later time is re-armed when this one fires.
const MAX_DELAY = 2 ** 31 - 1;

/** Calls `onDue` when the next scheduled post becomes public (as last read). Returns a function that stops. */
export function onScheduledPublication(onDue: () => void): () => void {
  listeners.add(onDue);
  return () => {
    listeners.delete(onDue);
    if (listeners.size === 0) disarm();
  };
}

function disarm() {
  if (timer) clearTimeout(timer);
  timer = null;
  armedFor = null;
}

function notify() {
  for (const listener of listeners) listener();
}

/** Sets the timer for the next scheduled publication, replacing any other. */
export function armScheduleTimer(nextDueAt: Date | null): void {
  const at = nextDueAt?.getTime() ?? null;
  if (at === armedFor) return;
  // A busy server runs a timer late, and a read made in between (after the due time, before the
  // timer's turn) already sees the post as public and asks for the next time: the time that passed
  // is still told, or its listeners (the activity log's entry) would wait for the next sweep.
  const missed = armedFor !== null && armedFor <= Date.now();
  disarm();
  if (missed) notify();
  if (at === null || listeners.size === 0) return;
  armedFor = at;
  // A few milliseconds late rather than early: a read before the due time would not count it.
  timer = setTimeout(
    () => {
      disarm();
      notify();
    },
    Math.min(Math.max(at - Date.now() + 5, 0), MAX_DELAY),
  );
  timer.unref?.();
}
