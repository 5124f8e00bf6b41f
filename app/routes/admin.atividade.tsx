import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.atividade";
import { db } from "~/lib/db.server";
import { ACTIVITY_SECTIONS } from "~/lib/activity";
import { withLinks } from "~/lib/activity.server";
import { adminUser } from "~/lib/admin/guard.server";
import { activitySectionsFor } from "~/lib/admin/permissions";
import { ActivityList } from "~/components/admin/activity-list";
import { AdminPage, EmptyState, Pager } from "~/components/admin/page";

// The whole activity log, newest first (ids increase with every entry), filterable by section and person (a GET form: the filters
// are in the address, so they work without JavaScript and can be shared).
const LIST = "/admin/atividade";
const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // Each role sees the entries of the sections it may open (app/lib/admin/permissions.ts): an
  // editor the content's, Atendimento the leads'; administrators everything.
  const visible = activitySectionsFor(adminUser(context).role, Object.keys(ACTIVITY_SECTIONS));
  const sectionParam = params.get("secao") ?? "";
  // Own keys only: `in` also accepts what every object inherits ("constructor", "toString"...).
  const section = Object.hasOwn(ACTIVITY_SECTIONS, sectionParam) && (!visible || visible.includes(sectionParam)) ? sectionParam : "";
  const person = (params.get("pessoa") ?? "").trim().slice(0, 254);
  const allowed = visible ? { section: { in: visible } } : {};
  const where = { ...allowed, ...(section ? { section } : {}), ...(person ? { actorEmail: person } : {}) };
  const [total, people] = await Promise.all([
    db.activityEntry.count({ where }),
    db.activityEntry.findMany({ where: allowed, distinct: ["actorEmail"], select: { actorEmail: true }, orderBy: { actorEmail: "asc" } }),
  ]);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(params.get("pagina") ?? "1", 10) || 1));
  const entries = await withLinks(
    await db.activityEntry.findMany({
      where,
      orderBy: { id: "desc" },
      skip: (page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
    }),
  );
  const sections = Object.entries(ACTIVITY_SECTIONS).filter(([key]) => !visible || visible.includes(key));
  return { entries, total, page, pages, people: people.map((row) => row.actorEmail), filters: { secao: section, pessoa: person }, sections };
}

export const meta: Route.MetaFunction = () => [{ title: "Atividade | Admin" }];

const selectClass = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 sm:w-auto";

export default function ActivityLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pages, people, filters, sections } = loaderData;
  const filtered = Boolean(filters.secao || filters.pessoa);
  const pageLink = (n: number) => `${LIST}?${new URLSearchParams({ ...filters, pagina: String(n) })}`;
  return (
    <AdminPage title="Atividade">
      <p className="mb-4 text-slate-600">
        Quem criou, editou, excluiu, reordenou ou enviou o quê, e quem entrou no painel. As entradas ficam guardadas por um ano.
      </p>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <label className="w-full text-sm font-medium text-slate-700 sm:w-auto">
          Seção
          <select name="secao" defaultValue={filters.secao} className={selectClass}>
            <option value="">Todas as seções</option>
            {sections.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="w-full text-sm font-medium text-slate-700 sm:w-auto">
          Pessoa
          <select name="pessoa" defaultValue={filters.pessoa} className={selectClass}>
            <option value="">Todas as pessoas</option>
            {people.map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50">
          Filtrar
        </button>
        {filtered ? (
          <Link to={LIST} className="py-2 text-sm font-medium text-brand-600 hover:underline">
            Limpar filtros
          </Link>
        ) : null}
        <p className="ml-auto text-sm text-slate-500" role="status">
          {total} {total === 1 ? "registro" : "registros"}
        </p>
      </Form>
      {entries.length === 0 ? (
        <EmptyState>{filtered ? "Nenhuma atividade com esses filtros." : "Nenhuma atividade registrada ainda."}</EmptyState>
      ) : (
        <ActivityList entries={entries} />
      )}
      <Pager page={page} pages={pages} to={pageLink} />
    </AdminPage>
  );
}
