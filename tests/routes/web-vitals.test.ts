// Real visitors' Core Web Vitals through the built production server on this file's database:
// beacons with known values become daily histograms per page and device, whose 75th percentiles
// the insights page shows with Google's ratings and the CSV lists; bad beacons (wrong types, huge
// values, unknown pages, too big, a flood) are refused without a row, and bots and the staff are
// not measured.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { saoPauloDay } from "~/lib/analytics/counter.server";
import { loadVitals } from "~/lib/analytics/report.server";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { sessionCookie } from "./admin-fixtures";

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let server: RunningServer;
let admin: string;
const today = saoPauloDay();

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", SESSION_SECRET: process.env.SESSION_SECRET, ANALYTICS_FLUSH_MS: "200" });
  admin = await sessionCookie();
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

function beacon(body: unknown, { ua = PHONE, from = "10.1.0.1", cookie }: { ua?: string; from?: string; cookie?: string } = {}) {
  return fetch(`${server.baseUrl}/api/estatisticas?evento=vitais`, {
    method: "POST",
    headers: { "User-Agent": ua, "X-Forwarded-For": from, "Content-Type": "text/plain;charset=UTF-8", ...(cookie ? { Cookie: cookie } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The vitals' rows of today whose key starts with `page|`. */
async function rowsOf(page: string) {
  const rows = await db.analyticsDaily.findMany({ where: { day: today, metric: { startsWith: "vital_" } } });
  return rows.filter((row) => row.key.startsWith(`${page}|`));
}

async function untilStored(page: string, views: number) {
  for (let waited = 0; ; waited += 100) {
    const rows = (await rowsOf(page)).filter((row) => row.metric === "vital_lcp");
    if (rows.reduce((sum, row) => sum + row.total, 0) >= views) return;
    expect(waited, `${views} views of ${page} never stored`).toBeLessThan(15_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("Core Web Vitals of real visitors", () => {
  it("keeps histograms per page and device, and shows their 75th percentiles with Google's ratings, on the page and in the CSV", async () => {
    const views = [
      { lcp: 1000, inp: 250, cls: 0.01, fcp: 500, ttfb: 100 },
      { lcp: 1500, inp: 250, cls: 0.05, fcp: 600, ttfb: 150 },
      { lcp: 2000, inp: 250, cls: 0.3, fcp: 700, ttfb: 900 },
      { lcp: 3000, inp: 600, cls: 0.3, fcp: 4000, ttfb: 2000 },
    ];
    for (const [i, view] of views.entries()) expect((await beacon({ pagina: "/servicos", ...view }, { from: `10.1.0.${i + 1}` })).status).toBe(204);
    // A desktop view of the same page is another row.
    expect((await beacon({ pagina: "/servicos", lcp: 5000 }, { ua: DESKTOP })).status).toBe(204);
    await untilStored("/servicos", 5);

    const rows = await loadVitals(today, today);
    const phone = rows.find((row) => row.page === "/servicos" && row.device === "celular")!;
    // 4 views: the 75th percentile is the third smallest's bucket (whose upper bound it shows).
    expect(phone.values).toEqual({
      lcp: { p75: 2000, views: 4 },
      inp: { p75: 300, views: 4 },
      cls: { p75: 0.3, views: 4 },
      fcp: { p75: 800, views: 4 },
      ttfb: { p75: 1000, views: 4 },
    });
    expect(rows.find((row) => row.page === "/servicos" && row.device === "computador")!.values).toEqual({ lcp: { p75: 5000, views: 1 } });

    const page = await fetch(`${server.baseUrl}/admin/estatisticas`, { headers: { Cookie: admin } });
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    const section = html.slice(html.indexOf('id="web-vitals"'));
    expect(section).toContain("sem JavaScript nada é medido");
    const phoneRow = section.slice(section.indexOf("/servicos"), section.indexOf("</tr>", section.indexOf("/servicos")));
    expect(phoneRow).toContain("Celular");
    for (const text of ["2.000 ms", "Bom", "300 ms", "Precisa melhorar", "0,3", "Ruim", "800 ms", "1.000 ms"]) expect(phoneRow).toContain(text);

    const csv = await (await fetch(`${server.baseUrl}/admin/estatisticas.csv?de=${today}&ate=${today}`, { headers: { Cookie: admin } })).text();
    const lines = csv.split("\r\n");
    for (const line of [
      `${today} a ${today};p75_lcp;/servicos|celular;2000`,
      `${today} a ${today};p75_inp;/servicos|celular;300`,
      `${today} a ${today};p75_cls;/servicos|celular;0,3`,
      `${today} a ${today};p75_lcp;/servicos|computador;5000`,
      `${today};vital_lcp;/servicos|celular|2000;1`,
    ])
      expect(lines).toContain(line);
  });

  it("refuses bad beacons at a bounded cost, before the database, and does not measure bots or the staff", async () => {
    const bad: Array<[unknown, number]> = [
      ["não é JSON", 400],
      [{ pagina: "/sobre", lcp: "1200" }, 400],
      [{ pagina: "/sobre", lcp: 1e12 }, 400],
      [{ pagina: "/sobre", cls: -1 }, 400],
      [{ pagina: "/sobre", lcp: 1200, extra: 1 }, 400],
      [{ pagina: 42, lcp: 1200 }, 400],
      [[1, 2, 3], 400],
      [{ pagina: "/pagina-inventada", lcp: 1200 }, 400],
      [JSON.stringify({ pagina: "/sobre", lcp: 1200, pad: "x".repeat(5000) }), 413],
    ];
    for (const [body, status] of bad) {
      const response = await beacon(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
    }
    expect((await beacon({ pagina: "/sobre", lcp: 1200 }, { ua: BOT })).status).toBe(204);
    expect((await beacon({ pagina: "/sobre", lcp: 1200 }, { cookie: admin })).status).toBe(204);

    // A flood from one address: 60 a minute are counted, the rest refused.
    const statuses = [];
    for (let i = 0; i < 70; i++) statuses.push((await beacon({ pagina: "/contato", lcp: 900 }, { from: "10.9.9.9" })).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(60);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
    await untilStored("/contato", 60);
    await new Promise((resolve) => setTimeout(resolve, 600)); // two more flushes: nothing else comes
    expect((await rowsOf("/contato")).find((row) => row.metric === "vital_lcp")!.total).toBe(60);
    expect(await rowsOf("/sobre")).toEqual([]);
    expect(await rowsOf("/pagina-inventada")).toEqual([]);
  });
});
