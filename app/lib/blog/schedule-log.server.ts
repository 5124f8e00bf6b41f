// A scheduled post going public is written to the activity log. Nobody acts at that moment, so
// the entry is written by whoever notices first: the timer that wakes the page cache when a
// scheduled post falls due, or the periodic housekeeping (after a restart, or when no page was
// read). The post's `scheduleLogPending` flag makes it happen once: the instance whose update
// clears the flag writes the entry, any other finds it cleared and writes nothing.
import { db } from "../db.server.ts";
import { recordActivity } from "../activity.server.ts";
import { formatScheduleMoment, SCHEDULE_ZONE_LABEL } from "./schedule.ts";

/** Who the log names for a publication nobody triggered by hand. */
export const SCHEDULE_ACTOR = "Publicação automática";

/** Logs every scheduled post public at `now` and not logged yet; returns how many. */
export async function logDuePublications(now: Date = new Date()): Promise<number> {
  const due = await db.blogPost.findMany({
    where: { scheduleLogPending: true, isPublished: true, publishedAt: { lte: now } },
    select: { id: true, title: true, publishedAt: true, updatedAt: true },
  });
  let logged = 0;
  for (const post of due) {
    // `updatedAt` is given so that the flag's update does not count as an edit of the post.
    const { count } = await db.blogPost.updateMany({
      where: { id: post.id, scheduleLogPending: true },
      data: { scheduleLogPending: false, updatedAt: post.updatedAt },
    });
    if (count === 0) continue;
    await recordActivity(
      { actor: SCHEDULE_ACTOR, section: "blog" },
      {
        action: "scheduled_publish",
        targetId: post.id,
        targetLabel: post.title,
        summary: `Agendado para ${formatScheduleMoment(post.publishedAt!)} (${SCHEDULE_ZONE_LABEL}).`,
      },
    );
    logged++;
  }
  return logged;
}
