// Background clean-up of rows that only matter for a while: expired rate-limit windows, expired
// admin sessions, e-mailed account links a day past their end, chat conversations and
// activity-log entries past their retention, leads older than LEADS_RETENTION_MONTHS (with their
// transcripts and notes), insight counts older than ANALYTICS_RETENTION_MONTHS
// and the visitor hashes (and salts) of days already over. Without it these tables grow with
// every visitor, form post and sign-in. It runs on a timer, never inside a request, and is safe
// with any number of instances: each sweep is a plain DELETE of rows already past their end, so
// instances sweeping at the same time only repeat a no-op. The timer is unref'd (it never keeps
// the process alive) and each instance starts it with a random delay so they do not all sweep
// together. It also writes to the activity log the scheduled blog posts that went public (once,
// whichever instance gets there first).
import { remember } from "@epic-web/remember";
import { sweepAccountTokens } from "./account-tokens.server";
import { sweepOldActivity } from "./activity.server";
import { onScheduledPublication } from "./blog/schedule.server";
import { logDuePublications } from "./blog/schedule-log.server";
import { sweepOldAnalytics } from "./analytics/counter.server";
import { CONVERSATION_RETENTION_MS } from "./chat/conversation.server";
import { sweepOldLeads } from "./leads/privacy.server";
import { db } from "./db.server";
import { sweepExpired as sweepRateLimits } from "./rate-limit.server";
import { sweepExpiredSessions } from "./session.server";
import { resealTotpSecrets } from "./two-factor.server";
import { sweepExpiredDrafts } from "./form-drafts.server";
import { errorFields, log } from "./logger.server.ts";
import { startBackupSchedule } from "./backup/schedule.server.ts";

const HOUSEKEEPING_INTERVAL_MS = 15 * 60 * 1000;

export interface SweepResult {
  rateLimits: number;
  sessions: number;
  chatConversations: number;
  activityEntries: number;
  analyticsRows: number;
  accountTokens: number;
  /** Leads older than LEADS_RETENTION_MONTHS, with their transcripts and notes. */
  leads: number;
  /** Scheduled posts whose going public was written to the activity log (not a deletion). */
  scheduledPublications: number;
}

/** Deletes every row past its end; returns how many rows of each table went. */
export async function sweepExpiredRows(now = new Date()): Promise<SweepResult> {
  const rateLimits = await sweepRateLimits(now);
  const sessions = await sweepExpiredSessions(now);
  const { count: chatConversations } = await db.chatConversation.deleteMany({
    where: { updatedAt: { lt: new Date(now.getTime() - CONVERSATION_RETENTION_MS) } },
  });
  const activityEntries = await sweepOldActivity(now);
  const analyticsRows = await sweepOldAnalytics(now);
  const accountTokens = await sweepAccountTokens(now);
  const leads = await sweepOldLeads(now);
  // Catches up on scheduled posts that went public while no timer was watching (see app/lib/blog/schedule-log.server.ts).
  const scheduledPublications = await logDuePublications(now);
  return { rateLimits, sessions, chatConversations, activityEntries, analyticsRows, accountTokens, leads, scheduledPublications };
}

function logFailure(error: unknown) {
  log("error", "housekeeping failed", errorFields(error));
}

/** The sweep this process runs, if started: kept process-wide, as development reloads this module. */
const running = remember("housekeeping", () => ({ handle: null as { stop(): void } | null }));

/**
 * Starts the periodic sweep once per process (development module reloads reuse it). The first
 * sweep comes after a random part of the interval, then one per interval.
 */
export function startHousekeeping(intervalMs = HOUSEKEEPING_INTERVAL_MS): { stop(): void } {
  if (running.handle) return running.handle;
  let timer: NodeJS.Timeout;
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      sweepExpiredRows()
        // Two-factor keys not yet encrypted with the first SESSION_SECRET (see two-factor.server.ts).
        .then(() => resealTotpSecrets())
        // Forms kept after a session ended, past their hour (see form-drafts.server.ts).
        .then(() => sweepExpiredDrafts())
        .catch(logFailure)
        .finally(() => schedule(intervalMs));
    }, delay);
    timer.unref();
  };
  schedule(Math.floor(Math.random() * intervalMs));
  // A scheduled post falling due is logged at that moment, not at the next sweep.
  const stopWatching = onScheduledPublication(() => {
    logDuePublications().catch(logFailure);
  });
  // The daily backup, when BACKUP_DIR is set: its own timer and lease (app/lib/backup/schedule.server.ts).
  const backups = startBackupSchedule();
  const handle = {
    stop() {
      clearTimeout(timer);
      stopWatching();
      backups.stop();
      if (running.handle === handle) running.handle = null;
    },
  };
  running.handle = handle;
  return handle;
}
