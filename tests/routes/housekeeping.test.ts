// The background clean-up: expired rows of rate_limits, sessions, account links, chat_conversations
// and the activity log go, and so do insight counts past their retention (25 months by default) and
// the visitor hashes and salts of days already over; live ones stay, and the periodic timer does it
// without keeping the process alive.
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { CONVERSATION_RETENTION_MS, loadConversation } from "~/lib/chat/conversation.server";
import { startHousekeeping, sweepExpiredRows } from "~/lib/housekeeping.server";
import { SESSION_MAX_AGE_MS } from "~/lib/session.server";
import { ACTIVITY_RETENTION_MS } from "~/lib/activity.server";
import { saoPauloDay } from "~/lib/analytics/counter.server";
import { addDays, monthsBefore } from "~/lib/analytics/period";
import { createUser } from "./admin-fixtures";

const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);
const DAY_MS = 24 * 3600 * 1000;
// The retention's own calendar: "25 months ago" on 31 March is 28 February, whatever day this runs.
const monthsAgo = (months: number, plusDays: number) => addDays(monthsBefore(saoPauloDay(), months), plusDays);

async function seedRows() {
  const user = await createUser();
  await db.rateLimit.createMany({
    data: [
      { key: "velho", count: 3, resetAt: ago(1000) },
      { key: "vivo", count: 3, resetAt: ahead(60_000) },
    ],
  });
  await db.session.createMany({
    data: [
      { id: "ociosa", userId: user.id, createdAt: ago(60_000), expiresAt: ago(1000) },
      { id: "antiga", userId: user.id, createdAt: ago(SESSION_MAX_AGE_MS + 1000), expiresAt: ahead(60_000) },
      { id: "ativa", userId: user.id, createdAt: ago(60_000), expiresAt: ahead(60_000) },
    ],
  });
  await db.chatConversation.create({ data: { id: "conversa-velha", messages: [{ role: "user", content: "oi" }] } });
  await db.chatConversation.update({ where: { id: "conversa-velha" }, data: { updatedAt: ago(CONVERSATION_RETENTION_MS + 1000) } });
  await db.chatConversation.create({ data: { id: "conversa-nova", messages: [{ role: "user", content: "olá" }] } });
  await db.activityEntry.createMany({
    data: [
      { targetLabel: "registro-velho", actorEmail: user.email, section: "blog", action: "update", createdAt: ago(ACTIVITY_RETENTION_MS + 1000) },
      { targetLabel: "registro-recente", actorEmail: user.email, section: "blog", action: "update", createdAt: ago(ACTIVITY_RETENTION_MS - 60_000) },
    ],
  });
  const today = saoPauloDay();
  const yesterday = saoPauloDay(ago(DAY_MS));
  await db.analyticsDaily.createMany({
    data: [
      { day: monthsAgo(25, -2), metric: "visualizacoes", key: "/", total: 3 },
      { day: monthsAgo(25, 2), metric: "visualizacoes", key: "/", total: 4 },
      { day: today, metric: "visualizacoes", key: "/", total: 5 },
    ],
  });
  await db.analyticsVisitor.createMany({
    data: [
      { day: yesterday, hash: "h-ontem", source: "direto", campaign: "" },
      { day: today, hash: "h-hoje", source: "direto", campaign: "" },
    ],
  });
  // An account link is kept a day past its end (to say "this link expired"), then goes.
  await db.accountToken.createMany({
    data: [
      { tokenHash: "link-velho", userId: user.id, purpose: "reset", expiresAt: ago(25 * 60 * 60 * 1000) },
      { tokenHash: "link-vencido-ontem", userId: user.id, purpose: "invite", expiresAt: ago(60_000) },
    ],
  });
}

async function remaining() {
  return {
    rateLimits: (await db.rateLimit.findMany()).map((r) => r.key).sort(),
    sessions: (await db.session.findMany()).map((s) => s.id).sort(),
    chatConversations: (await db.chatConversation.findMany()).map((c) => c.id).sort(),
    activityEntries: (await db.activityEntry.findMany()).map((e) => e.targetLabel).sort(),
    analytics: (await db.analyticsDaily.findMany({ orderBy: { day: "asc" } })).map((r) => r.total),
    visitors: (await db.analyticsVisitor.findMany()).map((r) => r.hash),
    accountTokens: (await db.accountToken.findMany()).map((t) => t.tokenHash).sort(),
  };
}

describe("housekeeping", () => {
  it("deletes expired rate-limit windows, expired or too old sessions and stale conversations, and keeps the rest", async () => {
    await seedRows();
    expect(await sweepExpiredRows()).toEqual({
      rateLimits: 1,
      sessions: 2,
      chatConversations: 1,
      activityEntries: 1,
      analyticsRows: 2,
      accountTokens: 1,
      leads: 0,
      scheduledPublications: 0,
    });
    expect(await remaining()).toEqual({
      rateLimits: ["vivo"],
      sessions: ["ativa"],
      chatConversations: ["conversa-nova"],
      activityEntries: ["registro-recente"],
      analytics: [4, 5],
      visitors: ["h-hoje"],
      accountTokens: ["link-vencido-ontem"],
    });
    // A second sweep (another instance at the same moment) finds nothing more to do.
    expect(await sweepExpiredRows()).toEqual({
      rateLimits: 0,
      sessions: 0,
      chatConversations: 0,
      activityEntries: 0,
      analyticsRows: 0,
      accountTokens: 0,
      leads: 0,
      scheduledPublications: 0,
    });
  });

  it("shows no conversation past its retention, even before the sweep", async () => {
    await db.chatConversation.create({ data: { id: "quase", messages: [{ role: "user", content: "oi" }] } });
    expect((await loadConversation("quase")).messages).toHaveLength(1);
    await db.chatConversation.update({ where: { id: "quase" }, data: { updatedAt: ago(CONVERSATION_RETENTION_MS + 1000) } });
    expect((await loadConversation("quase")).messages).toEqual([]);
  });

  it("sweeps on an unref'd timer, again every interval", async () => {
    await db.rateLimit.create({ data: { key: "timer-1", count: 1, resetAt: ago(1000) } });
    const handle = startHousekeeping(50);
    try {
      expect(startHousekeeping(50)).toBe(handle); // one timer per process
      await expect.poll(() => db.rateLimit.count({ where: { key: "timer-1" } }), { timeout: 5000 }).toBe(0);
      await db.rateLimit.create({ data: { key: "timer-2", count: 1, resetAt: ago(1000) } });
      await expect.poll(() => db.rateLimit.count({ where: { key: "timer-2" } }), { timeout: 5000 }).toBe(0);
    } finally {
      handle.stop();
    }
  });
});
