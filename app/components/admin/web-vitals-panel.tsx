// The insights page's Core Web Vitals of real visitors: per page and device, each vital's 75th
// percentile over the period with Google's rating ("Bom", "Precisa melhorar", "Ruim") and a bar
// drawn on the server (its length against the "Ruim" threshold), like the page's other charts.
import { formatVital, ratingOf, THRESHOLDS, VITAL_LABELS, VITALS, type Rating, type Vital } from "~/lib/analytics/vitals";
import type { VitalsRow } from "~/lib/analytics/report.server";

const DEVICES: Record<string, string> = { celular: "Celular", tablet: "Tablet", computador: "Computador" };

const TONE: Record<Rating, { bar: string; text: string }> = {
  Bom: { bar: "bg-emerald-500", text: "text-emerald-800" },
  "Precisa melhorar": { bar: "bg-amber-500", text: "text-amber-800" },
  Ruim: { bar: "bg-red-500", text: "text-red-800" },
};

const integer = new Intl.NumberFormat("pt-BR");

function Cell({ vital, value }: { vital: Vital; value: { p75: number; views: number } | undefined }) {
  if (!value) return <td className="px-2 py-2 text-right text-slate-400">—</td>;
  const rating = ratingOf(vital, value.p75);
  // The bar's full width is 1.5 × the "Ruim" threshold: a good value stays well short of it.
  const width = Math.min(100, (value.p75 / (THRESHOLDS[vital].poor * 1.5)) * 100);
  return (
    <td className="px-2 py-2 text-right align-top">
      <span className="block font-semibold tabular-nums">{formatVital(vital, value.p75)}</span>
      <span className={`block text-xs ${TONE[rating].text}`}>{rating}</span>
      <span className="mt-1 block h-1.5 w-full rounded-full bg-slate-100" aria-hidden="true">
        <span className={`block h-1.5 rounded-full ${TONE[rating].bar}`} style={{ width: `${width}%` }} />
      </span>
    </td>
  );
}

/** How many page views measured the row (its most measured vital: INP needs an interaction). */
function measured(row: VitalsRow): string {
  const views = Math.max(...Object.values(row.values).map((v) => v.views));
  return `${integer.format(views)} ${views === 1 ? "medida" : "medidas"}`;
}

export function WebVitalsPanel({ rows }: { rows: VitalsRow[] }) {
  return (
    <section aria-labelledby="web-vitals" className="mt-8 min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="web-vitals" className="text-lg font-semibold text-slate-900">
        Velocidade para os visitantes (Core Web Vitals)
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">
        Medida nos aparelhos dos próprios visitantes: o 75º percentil de cada página e dispositivo no período (75% das visualizações foram tão rápidas ou mais),
        com as faixas do Google. Só é medido quando o JavaScript do navegador funciona: sem JavaScript nada é medido.
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhuma medida no período.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-xs sm:text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="pb-2 font-medium">
                  Página
                </th>
                <th scope="col" className="px-2 pb-2 font-medium">
                  Dispositivo
                </th>
                {VITALS.map((vital) => (
                  <th key={vital} scope="col" className="px-2 pb-2 text-right font-medium">
                    {VITAL_LABELS[vital]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.page}|${row.device}`} className="border-t border-slate-100">
                  <th scope="row" className="py-2 text-left align-top font-normal text-slate-800">
                    <span className="[overflow-wrap:anywhere]">{row.page}</span>
                    <span className="block text-xs whitespace-nowrap text-slate-500">{measured(row)}</span>
                  </th>
                  <td className="px-2 py-2 align-top text-slate-700">{DEVICES[row.device] ?? row.device}</td>
                  {VITALS.map((vital) => (
                    <Cell key={vital} vital={vital} value={row.values[vital]} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
