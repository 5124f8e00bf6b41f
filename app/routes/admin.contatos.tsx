import { Link } from "react-router";
import type { Route } from "./+types/admin.contatos";
import { AdminPage, EmptyState, Pager } from "~/components/admin/page";
import { FilterForm, FilterSelect } from "~/components/admin/filter-form";
import { filterParams, formatAge, leadOwners, listLeads, parseFilters, personName } from "~/lib/leads/inbox.server";
import { LEAD_KINDS, LEAD_STATUSES, NO_OWNER, PERIODS, isLeadKind, isLeadStatus } from "~/lib/leads/leads";

// The inbox of leads: every contact the site brought (the contact and diagnostic forms, chat
// conversations), newest first, filtered by status, kind, owner, period and a search over
// names, e-mails, phones and text. The filters are a GET form and links, so they work without
// JavaScript and a filtered list can be shared. Only staff who may see leads reach it (the admin
// layout's guard); everything shown is text, never markup.
const LIST = "/admin/contatos";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = parseFilters(params);
  const requested = Number.parseInt(params.get("pagina") ?? "1", 10);
  const now = new Date();
  const [list, owners] = await Promise.all([listLeads(filters, requested, now), leadOwners()]);
  return {
    ...list,
    rows: list.rows.map((row) => ({
      id: row.id,
      kind: isLeadKind(row.kind) ? LEAD_KINDS[row.kind] : row.kind,
      name: row.name || (row.kind === "chat" ? "Visitante do chat" : "Sem nome"),
      contact: row.phone || row.email || "",
      preview: row.kind === "chat" ? row.message.slice(0, 80) : "",
      status: isLeadStatus(row.status) ? LEAD_STATUSES[row.status] : row.status,
      statusKey: row.status,
      owner: row.owner ? personName(row.owner) : "",
      origin: [row.source, row.campaign].filter(Boolean).join(" · "),
      age: formatAge(row.createdAt, now),
      createdAt: row.createdAt.toISOString(),
    })),
    owners: owners.map((owner) => ({ id: owner.id, label: personName(owner) })),
    filters: filterParams(filters),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Contatos | Admin" }];

const STATUS_STYLES: Record<string, string> = {
  novo: "bg-brand-50 text-brand-700",
  em_atendimento: "bg-amber-50 text-amber-800",
  ganho: "bg-emerald-50 text-emerald-800",
  perdido: "bg-slate-100 text-slate-600",
};

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, owners, filters } = loaderData;
  const filtered = Object.keys(filters).length > 0;
  const pageLink = (n: number) => `${LIST}?${new URLSearchParams({ ...filters, pagina: String(n) })}`;
  return (
    <AdminPage title="Contatos">
      <p className="mb-4 text-slate-600">
        Quem entrou em contato pelo formulário de contato, pelo diagnóstico gratuito ou pelo chat do site. Os contatos ficam guardados pelo prazo da política de
        privacidade.
      </p>
      <FilterForm list={LIST} filtered={filtered} count={`${total} ${total === 1 ? "contato" : "contatos"}`}>
        <FilterSelect label="Status" name="status" value={filters.status} all="Todos os status" choices={Object.entries(LEAD_STATUSES)} />
        <FilterSelect label="Tipo" name="tipo" value={filters.tipo} all="Todos os tipos" choices={Object.entries(LEAD_KINDS)} />
        <FilterSelect
          label="Responsável"
          name="responsavel"
          value={filters.responsavel}
          all="Todos"
          choices={[[NO_OWNER, "Sem responsável"], ...owners.map((owner) => [owner.id, owner.label] as const)]}
        />
        <FilterSelect label="Período" name="periodo" value={filters.periodo} all="Todo o período" choices={Object.entries(PERIODS)} />
        <label className="w-full text-sm font-medium text-slate-700 sm:w-64">
          Buscar
          <input
            type="search"
            name="busca"
            defaultValue={filters.busca ?? ""}
            maxLength={100}
            placeholder="Nome, e-mail, telefone ou texto"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
      </FilterForm>
      {rows.length === 0 ? (
        <EmptyState>{filtered ? "Nenhum contato com esses filtros." : "Nenhum contato recebido ainda."}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
              <tr>
                <th className="px-4 py-3 font-semibold">Tipo</th>
                <th className="px-4 py-3 font-semibold">Nome</th>
                <th className="px-4 py-3 font-semibold">Telefone ou e-mail</th>
                <th className="px-4 py-3 font-semibold">Status</th>
                <th className="px-4 py-3 font-semibold">Responsável</th>
                <th className="px-4 py-3 font-semibold">Origem / campanha</th>
                <th className="px-4 py-3 font-semibold">Recebido</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-100 last:border-0 hover:bg-slate-50" data-lead={row.id}>
                  <td className="px-4 py-3 text-slate-600">{row.kind}</td>
                  <td className="px-4 py-3">
                    <Link to={`${LIST}/${row.id}`} className="font-semibold text-slate-900 hover:text-brand-600 hover:underline">
                      {row.name}
                    </Link>
                    {row.preview ? <span className="block max-w-xs truncate text-xs text-slate-500">{row.preview}</span> : null}
                  </td>
                  <td className="px-4 py-3 break-all text-slate-700">{row.contact || "—"}</td>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${STATUS_STYLES[row.statusKey] ?? ""}`}>
                      {row.status}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-slate-700">{row.owner || "—"}</td>
                  <td className="px-4 py-3 break-all text-slate-600">{row.origin || "—"}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                    <time dateTime={row.createdAt}>{row.age}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} to={pageLink} />
    </AdminPage>
  );
}
