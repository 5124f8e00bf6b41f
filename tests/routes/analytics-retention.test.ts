// The insights' retention counts calendar months back from São Paulo's day, with a fixed clock: on
// a month's last day the cut-off is the last day of the month aimed at (31 March minus 25 months
// keeps 28 February on), not a day or three into the next month as Date arithmetic gives.
import { expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { sweepOldAnalytics } from "~/lib/analytics/counter.server";

it("keeps exactly the days of the retention on month ends and near São Paulo's midnight", async () => {
  const cases = [
    // Noon on 31 March 2027 in São Paulo: 25 months back is 28 February 2025 (no 31st).
    { now: "2027-03-31T15:00:00Z", kept: ["2025-02-28", "2025-03-01", "2025-03-02"], gone: ["2025-02-27"] },
    // 23:30 on 31 December in São Paulo is already 1 January in UTC: São Paulo's day counts.
    { now: "2028-01-01T02:30:00Z", kept: ["2025-11-30", "2025-12-01"], gone: ["2025-11-29"] },
    // A leap day: 29 February 2028 back 25 months is 29 January 2026.
    { now: "2028-02-29T12:00:00Z", kept: ["2026-01-29"], gone: ["2026-01-28"] },
  ];
  for (const { now, kept, gone } of cases) {
    await db.analyticsDaily.deleteMany();
    await db.analyticsDaily.createMany({ data: [...kept, ...gone].map((day) => ({ day, metric: "visualizacoes", key: "/", total: 1 })) });
    await sweepOldAnalytics(new Date(now));
    const left = (await db.analyticsDaily.findMany({ select: { day: true }, orderBy: { day: "asc" } })).map((row) => row.day);
    expect(left, now).toEqual([...kept].sort());
  }
});
