// Insights: how many people came, from where, and how many of them got in touch (WhatsApp, chat,
// forms), counted without cookies or personal data (app/lib/analytics/, docs/analytics.md).
// Everything is rendered on the server and the period is in the address (links and a GET form),
// so the page works, and can be shared, without JavaScript; the chart is an SVG with a table for
// screen readers.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/admin.estatisticas";
import { LeadFiguresPanel } from "~/components/admin/lead-figures";
import { logFailure } from "~/lib/admin/action.server";
import { leadFigures } from "~/lib/leads/report.server";
import { AdminPage, EmptyState } from "~/components/admin/page";
import { analyticsEnabled } from "~/lib/analytics/counter.server";
import { FORMS, PERIOD_PRESETS, WHATSAPP_BUTTONS } from "~/lib/analytics/labels";
import { defaultPeriod, loadInsights, parsePeriod } from "~/lib/analytics/report.server";
import type { Insights, Ranked } from "~/lib/analytics/report.server";
import { getSiteSettings } from "~/lib/site-settings.server";
// Core Web Vitals of real visitors (their own block, app/components/admin/web-vitals-panel.tsx).
import { WebVitalsPanel } from "~/components/admin/web-vitals-panel";
import { loadVitals } from "~/lib/analytics/report.server";

export async function loader({ request }: Route.LoaderArgs) {
  const parsed = parsePeriod(new URL(request.url).searchParams);
  const period = "error" in parsed ? defaultPeriod() : parsed.period;
  const [insights, settings, vitals, leads] = await Promise.all([
    loadInsights(period),
    getSiteSettings(),
    loadVitals(period.from, period.to),
    // The leads' figures; a failure there leaves the rest of the page as it is.
    leadFigures(period.from, period.to).catch((error: unknown) => {
      logFailure("estatisticas: leads could not be read", error, "load");
      return null;
    }),
  ]);
  const digits = (phone: string) => phone.replace(/\D/g, "");
  const numbers = {
    [digits(settings.salesPhone)]: `${settings.salesPhoneDisplay} (vendas)`,
    [digits(settings.videoPhone)]: `${settings.videoPhoneDisplay} (Window Films)`,
    [digits(settings.ceoPhone)]: `${digits(settings.ceoPhone)} (CEO)`,
  };
  const payload = { insights, vitals, numbers, leads, enabled: analyticsEnabled, error: "error" in parsed ? parsed.error : null };
  return "error" in parsed ? data(payload, { status: 400 }) : payload;
}

export const meta: Route.MetaFunction = () => [{ title: "Estatísticas | Admin" }];

const integer = new Intl.NumberFormat("pt-BR");
const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const longDay = (day: string) => `${shortDay(day)}/${day.slice(0, 4)}`;

/** The change against the previous period, as the card shows it. */
function change(current: number, previous: number): { text: string; tone: "up" | "down" | "same" } {
  if (previous === 0) return current === 0 ? { text: "sem mudança", tone: "same" } : { text: "novo no período", tone: "up" };
  const ratio = (current - previous) / previous;
  if (ratio === 0) return { text: "sem mudança", tone: "same" };
  return { text: `${ratio > 0 ? "+" : "−"}${percent.format(Math.abs(ratio))}`, tone: ratio > 0 ? "up" : "down" };
}

function rate(clicks: number, visits: number): string {
  return visits > 0 ? percent.format(clicks / visits) : "—";
}

const DEVICES = new Map([
  ["celular", "Celular"],
  ["tablet", "Tablet"],
  ["computador", "Computador"],
]);

/** `labels[key]` when it is one of the object's own names (never `constructor` and the like). */
function own<T>(labels: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(labels, key) ? labels[key] : undefined;
}

export default function Statistics({ loaderData }: Route.ComponentProps) {
  const { insights, vitals, numbers, enabled, error } = loaderData;
  const { period, totals, previous } = insights;
  const csv = `/admin/estatisticas.csv?${new URLSearchParams({ de: period.from, ate: period.to })}`;
  const empty = totals.views === 0 && totals.whatsapp === 0 && totals.chats === 0 && totals.forms === 0;
  return (
    <AdminPage
      title="Estatísticas"
      action={
        <a href={csv} download className="rounded-full border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-900 hover:border-brand-500">
          Exportar CSV
        </a>
      }
    >
      <p className="mb-4 text-slate-600">
        Visitas e contatos do site, contados sem cookies e sem dados pessoais: só totais por dia.{" "}
        {enabled ? "Os números chegam aqui em até 15 segundos." : null}
      </p>
      {enabled ? null : (
        <p role="status" className="mb-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          A contagem está desligada neste servidor (ANALYTICS=off): nada novo é contado.
        </p>
      )}
      <PeriodPicker insights={insights} error={error} />

      <h2 className="sr-only">Totais do período</h2>
      <p className="mb-3 text-sm text-slate-600">
        {longDay(period.from)} a {longDay(period.to)} ({period.days} {period.days === 1 ? "dia" : "dias"}), comparado{" "}
        {period.days === 1 ? "ao dia anterior" : `aos ${period.days} dias anteriores`}.
      </p>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Total label="Visitas" hint="chegadas de fora do site" value={totals.visits} before={previous.visits} />
        <Total label="Visualizações de página" value={totals.views} before={previous.views} />
        <Total label="Visitantes" hint="únicos em cada dia, somados" value={totals.visitors} before={previous.visitors} />
        <Total
          label="Cliques no WhatsApp"
          hint={`taxa de conversão ${rate(totals.whatsapp, totals.visits)}`}
          value={totals.whatsapp}
          before={previous.whatsapp}
        />
        <Total label="Conversas no chat" value={totals.chats} before={previous.chats} />
        <Total label="Mensagens no chat" value={totals.messages} before={previous.messages} />
        <Total label="Formulários enviados" value={totals.forms} before={previous.forms} />
        <Total label="Falhas do chat" hint="respostas que a automação não deu" value={totals.failures} before={previous.failures} invert />
      </dl>

      {empty ? (
        <div className="mt-8">
          <EmptyState>Nada contado neste período ainda.</EmptyState>
        </div>
      ) : (
        <>
          <DailyChart daily={insights.daily} />
          <div className="mt-8 grid gap-6 lg:grid-cols-2">
            <RankedTable
              title="Páginas mais vistas"
              columns={["Página", "Visualizações", "Cliques", "Conversão"]}
              rows={insights.pages}
              label={(key) => key}
              note="Cliques no WhatsApp feitos em cada página; conversão = cliques ÷ visualizações."
            />
            <RankedTable
              title="Origens"
              columns={["Origem", "Visitas", "Cliques", "Conversão"]}
              rows={insights.sources}
              label={(key) => key}
              note="De onde as visitas chegaram; cliques no WhatsApp dessas visitas ÷ visitas."
            />
            <RankedTable
              title="Campanhas"
              columns={["Campanha", "Visitas", "Cliques", "Conversão"]}
              rows={insights.campaigns}
              label={(key) => key}
              note="Parâmetros utm_ (origem/mídia/nome); cliques no WhatsApp dessas visitas ÷ visitas."
              emptyText="Nenhuma visita com parâmetros utm_ no período."
            />
            <Devices rows={insights.devices} />
            <Links rows={insights.links} numbers={numbers} />
            <section aria-labelledby="formularios-e-chat" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 id="formularios-e-chat" className="mb-3 text-lg font-semibold text-slate-900">
                Formulários e chat
              </h2>
              <table className="w-full text-xs sm:text-sm">
                <tbody>
                  {Object.entries(FORMS).map(([key, label]) => (
                    <tr key={key} className="border-t border-slate-100">
                      <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-700">
                        Formulário: {label}
                      </th>
                      <td className="py-2 text-right font-semibold tabular-nums">{integer.format(insights.forms.find((f) => f.key === key)?.total ?? 0)}</td>
                    </tr>
                  ))}
                  <tr className="border-t border-slate-100">
                    <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-700">
                      Chat: conversas iniciadas
                    </th>
                    <td className="py-2 text-right font-semibold tabular-nums">{integer.format(totals.chats)}</td>
                  </tr>
                  <tr className="border-t border-slate-100">
                    <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-700">
                      Chat: mensagens enviadas
                    </th>
                    <td className="py-2 text-right font-semibold tabular-nums">{integer.format(totals.messages)}</td>
                  </tr>
                  <tr className="border-t border-slate-100">
                    <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-700">
                      Chat: falhas da automação
                    </th>
                    <td className="py-2 text-right font-semibold tabular-nums">{integer.format(totals.failures)}</td>
                  </tr>
                </tbody>
              </table>
            </section>
          </div>
        </>
      )}

      <WebVitalsPanel rows={vitals} />
      <LeadFiguresPanel figures={loaderData.leads} />
    </AdminPage>
  );
}

function PeriodPicker({ insights, error }: { insights: Insights; error: string | null }) {
  const { period } = insights;
  return (
    <div className="mb-6 flex flex-wrap items-end gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <nav aria-label="Período">
        <p className="mb-1 text-sm font-medium text-slate-700">Período</p>
        <ul className="flex gap-2">
          {PERIOD_PRESETS.map((days) => (
            <li key={days}>
              <Link
                to={`?periodo=${days}`}
                aria-current={period.preset === days ? "page" : undefined}
                className={`block rounded-full border px-4 py-2 text-sm font-semibold ${
                  period.preset === days ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand-500"
                }`}
              >
                {days} dias
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed by the period shown: after a preset the fields show that period, not the dates typed before. */}
      <Form key={`${period.from}:${period.to}`} method="get" className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-700">
          De
          <input type="date" name="de" defaultValue={period.from} required className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2" />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Até
          <input type="date" name="ate" defaultValue={period.to} required className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2" />
        </label>
        <button type="submit" className="rounded-full bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700">
          Ver período
        </button>
      </Form>
      {error ? (
        <p role="alert" className="w-full text-sm font-medium text-red-700">
          {error} Mostrando os últimos 30 dias.
        </p>
      ) : null}
    </div>
  );
}

function Total({ label, hint, value, before, invert = false }: { label: string; hint?: string; value: number; before: number; invert?: boolean }) {
  const delta = change(value, before);
  const good = delta.tone === "same" ? "text-slate-500" : (delta.tone === "up") !== invert ? "text-emerald-700" : "text-red-700";
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">
        {label}
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{integer.format(value)}</dd>
      <dd className={`text-xs font-medium ${good}`}>
        {delta.text} <span className="text-slate-500">(antes: {integer.format(before)})</span>
      </dd>
    </div>
  );
}

/** The chart's frame in SVG units: a wide one for larger screens, a narrower one (larger text) for phones. */
const WIDE = { width: 720, height: 220, left: 44, right: 8, top: 12, bottom: 28, font: 12, labels: 8 };
const NARROW = { width: 360, height: 230, left: 36, right: 4, top: 10, bottom: 26, font: 12, labels: 4 };

/** Visits as bars and conversions inside them, on one scale; the same numbers as a table for screen readers. */
function DailyChart({ daily }: { daily: Insights["daily"] }) {
  return (
    <section aria-labelledby="grafico-diario" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="grafico-diario" className="text-lg font-semibold text-slate-900">
        Visitas e conversões por dia
      </h2>
      <p className="mt-1 flex flex-wrap gap-4 text-sm text-slate-600" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-brand-200" /> Visitas
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-whatsapp-dark" /> Conversões (WhatsApp e chat)
        </span>
      </p>
      <Bars daily={daily} frame={NARROW} className="mt-3 h-auto w-full sm:hidden" />
      <Bars daily={daily} frame={WIDE} className="mt-3 hidden h-auto w-full sm:block" />
      <table className="sr-only">
        <caption>Visitas, visualizações e conversões por dia</caption>
        <thead>
          <tr>
            <th scope="col">Dia</th>
            <th scope="col">Visitas</th>
            <th scope="col">Visualizações</th>
            <th scope="col">Conversões</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.day}>
              <th scope="row">{longDay(d.day)}</th>
              <td>{d.visits}</td>
              <td>{d.views}</td>
              <td>{d.conversions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Bars({ daily, frame, className }: { daily: Insights["daily"]; frame: typeof WIDE; className: string }) {
  const max = Math.max(1, ...daily.map((d) => Math.max(d.visits, d.conversions)));
  const plotWidth = frame.width - frame.left - frame.right;
  const plotHeight = frame.height - frame.top - frame.bottom;
  const step = plotWidth / daily.length;
  const barWidth = Math.max(1, step * 0.7);
  const y = (value: number) => frame.top + plotHeight - (value / max) * plotHeight;
  const labelEvery = Math.max(1, Math.ceil(daily.length / frame.labels));
  return (
    <svg viewBox={`0 0 ${frame.width} ${frame.height}`} className={className} aria-hidden="true" focusable="false">
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line x1={frame.left} x2={frame.width - frame.right} y1={y(max * f)} y2={y(max * f)} stroke="#e2e8f0" />
          <text x={frame.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize={frame.font} fill="#475569">
            {integer.format(Math.round(max * f))}
          </text>
        </g>
      ))}
      {daily.map((d, i) => {
        const x = frame.left + i * step + (step - barWidth) / 2;
        return (
          <g key={d.day}>
            <rect x={x} y={y(d.visits)} width={barWidth} height={frame.top + plotHeight - y(d.visits)} fill="#bcd6ff" />
            <rect x={x} y={y(d.conversions)} width={barWidth} height={frame.top + plotHeight - y(d.conversions)} fill="#0e7a3e" />
            {i % labelEvery === 0 ? (
              <text x={x + barWidth / 2} y={frame.height - 8} textAnchor="middle" fontSize={frame.font} fill="#475569">
                {shortDay(d.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

function RankedTable({
  title,
  columns,
  rows,
  label,
  note,
  emptyText = "Nada contado no período.",
}: {
  title: string;
  columns: [string, string, string, string];
  rows: Ranked[];
  label: (key: string) => string;
  note: string;
  emptyText?: string;
}) {
  return (
    <section aria-label={title} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mb-3 text-xs text-slate-500">{note}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-xs sm:text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                {columns.map((column, i) => (
                  <th key={column} scope="col" className={`pb-2 font-medium ${i === 0 ? "pr-2" : "px-2 text-right"}`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t border-slate-100">
                  <th scope="row" className="max-w-[9rem] truncate py-2 pr-2 text-left font-normal text-slate-800 sm:max-w-xs" title={label(row.key)}>
                    {label(row.key)}
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums">{integer.format(row.total)}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{integer.format(row.clicks)}</td>
                  <td className="px-2 py-2 text-right font-semibold tabular-nums">{rate(row.clicks, row.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Devices({ rows }: { rows: Ranked[] }) {
  const total = rows.reduce((sum, row) => sum + row.total, 0);
  return (
    <section aria-label="Dispositivos" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Dispositivos</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">Nada contado no período.</p>
      ) : (
        <table className="w-full text-xs sm:text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="pb-2 font-medium">
                Dispositivo
              </th>
              <th scope="col" className="px-2 pb-2 text-right font-medium">
                Visitas
              </th>
              <th scope="col" className="pb-2 pl-2 text-right font-medium">
                Parte
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-100">
                <th scope="row" className="py-2 text-left font-normal text-slate-800">
                  {DEVICES.get(row.key) ?? row.key}
                </th>
                <td className="px-2 py-2 text-right tabular-nums">{integer.format(row.total)}</td>
                <td className="py-2 pl-2 text-right font-semibold tabular-nums">{percent.format(row.total / total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Links({ rows, numbers }: { rows: Ranked[]; numbers: Record<string, string> }) {
  return (
    <section aria-label="Cliques no WhatsApp por link" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Cliques no WhatsApp por link</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum clique no período.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-xs sm:text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="pr-2 pb-2 font-medium">
                  Botão
                </th>
                <th scope="col" className="px-2 pb-2 font-medium">
                  Número
                </th>
                <th scope="col" className="pb-2 pl-2 text-right font-medium">
                  Cliques
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const [button = "", number = ""] = row.key.split(":");
                return (
                  <tr key={row.key} className="border-t border-slate-100">
                    <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-800">
                      {own<string>(WHATSAPP_BUTTONS, button) ?? button}
                    </th>
                    <td className="px-2 py-2 text-slate-700">{own(numbers, number) ?? number}</td>
                    <td className="py-2 pl-2 text-right font-semibold tabular-nums">{integer.format(row.total)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
