// The leads' figures on /admin/estatisticas: leads, won leads and median time to first response
// per source and per campaign of the period (app/lib/leads/report.server.ts).
import { Link } from "react-router";

interface LeadFigure {
  key: string;
  leads: number;
  won: number;
  medianFirstResponse: string | null;
}

export function LeadFiguresPanel({ figures }: { figures: { total: number; bySource: LeadFigure[]; byCampaign: LeadFigure[] } | null }) {
  return (
    <section aria-labelledby="contatos-por-origem" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="contatos-por-origem" className="text-lg font-semibold text-slate-900">
          Contatos por origem e campanha
        </h2>
        <Link to="/admin/contatos" className="text-sm font-medium text-brand-600 hover:underline">
          Ver os contatos
        </Link>
      </div>
      {figures === null ? (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar os contatos do período.
        </p>
      ) : figures.total === 0 ? (
        <p className="text-sm text-slate-500">Nenhum contato guardado no período.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <FigureTable title="Origem" rows={figures.bySource} />
          <FigureTable title="Campanha" rows={figures.byCampaign} />
        </div>
      )}
    </section>
  );
}

function FigureTable({ title, rows }: { title: string; rows: LeadFigure[] }) {
  return (
    <div className="min-w-0 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Contatos por {title.toLowerCase()}</caption>
        <thead className="text-slate-600">
          <tr className="border-b border-slate-200">
            <th className="py-2 pr-2 font-semibold">{title}</th>
            <th className="py-2 pr-2 text-right font-semibold">Contatos</th>
            <th className="py-2 pr-2 text-right font-semibold">Ganhos</th>
            <th className="py-2 text-right font-semibold">Primeira resposta (mediana)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pr-2 font-normal break-all text-slate-800">
                {row.key}
              </th>
              <td className="py-2 pr-2 text-right tabular-nums">{row.leads}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{row.won}</td>
              <td className="py-2 text-right whitespace-nowrap text-slate-700">{row.medianFirstResponse ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
