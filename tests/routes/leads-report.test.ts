// /admin/estatisticas shows the leads of its period per source and per campaign: how many, how
// many were won, and the median time to first response (leads not answered yet left out of it).
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import * as statistics from "~/routes/admin.estatisticas";
import { call, getRequest, signedIn } from "./admin-fixtures";

beforeEach(async () => {
  await db.lead.deleteMany();
});

const MIN = 60_000;

describe("leads on /admin/estatisticas", () => {
  it("counts leads and won leads and the median first response per source and campaign, in the period's days only", async () => {
    const at = (iso: string) => new Date(iso);
    const lead = (createdAt: string, source: string, campaign: string, status: string, responseMin: number | null) =>
      db.lead.create({
        data: {
          kind: "contato",
          createdAt: at(createdAt),
          source,
          campaign,
          status,
          firstResponseAt: responseMin === null ? null : new Date(at(createdAt).getTime() + responseMin * MIN),
        },
      });
    await lead("2026-03-10T12:00:00Z", "google.com", "google/cpc/verao", "ganho", 10);
    await lead("2026-03-11T12:00:00Z", "google.com", "google/cpc/verao", "perdido", 30);
    await lead("2026-03-12T12:00:00Z", "google.com", "", "novo", null);
    await lead("2026-03-12T15:00:00Z", "direto", "", "ganho", 120);
    // 23:30 in São Paulo on 14 March is already the 15th in UTC: still in the period.
    await lead("2026-03-15T02:30:00Z", "direto", "", "novo", 60);
    // Outside the period: the day before it starts (São Paulo), and the day after it ends.
    await lead("2026-03-10T02:00:00Z", "google.com", "google/cpc/verao", "ganho", 1);
    await lead("2026-03-15T03:30:00Z", "direto", "", "ganho", 1);

    const { cookie } = await signedIn();
    const result = (await call(statistics.loader as never, getRequest("/admin/estatisticas?de=2026-03-10&ate=2026-03-14", { cookie }))) as unknown as {
      leads: { total: number; bySource: unknown[]; byCampaign: unknown[] };
    };
    expect(result.leads.total).toBe(5);
    expect(result.leads.bySource).toEqual([
      { key: "google.com", leads: 3, won: 1, medianFirstResponse: "20 min" },
      { key: "direto", leads: 2, won: 1, medianFirstResponse: "1 h 30 min" },
    ]);
    expect(result.leads.byCampaign).toEqual([
      { key: "Sem campanha", leads: 3, won: 1, medianFirstResponse: "1 h 30 min" },
      { key: "google/cpc/verao", leads: 2, won: 1, medianFirstResponse: "20 min" },
    ]);
  });
});
