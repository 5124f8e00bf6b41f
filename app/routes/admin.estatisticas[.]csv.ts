// The insights as CSV for a spreadsheet: GET /admin/estatisticas.csv?de=YYYY-MM-DD&ate=YYYY-MM-DD
// (the last 30 days without dates), one line per day, metric and key, `;`-separated with a BOM for pt-BR spreadsheets (toCsv).
// Under the admin layout, whose guard demands an admin session before this loader runs.
import type { Route } from "./+types/admin.estatisticas[.]csv";
import { loadVitals, parsePeriod, readRows, toCsv, vitalsCsvLines } from "~/lib/analytics/report.server";

export async function loader({ request }: Route.LoaderArgs) {
  const parsed = parsePeriod(new URL(request.url).searchParams);
  if ("error" in parsed) {
    return new Response(parsed.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const { from, to } = parsed.period;
  const [rows, vitals] = await Promise.all([readRows(from, to), loadVitals(from, to)]);
  // The daily rows, then the period's Core Web Vitals (75th percentile per page and device).
  return new Response(toCsv(rows) + vitalsCsvLines(from, to, vitals), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="estatisticas-${from}-a-${to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
