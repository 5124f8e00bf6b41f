import type { Route } from "./+types/admin.atividade";
import { db } from "~/lib/db.server";
import { ACTIVITY_SECTIONS } from "~/lib/activity";
import { withLinks } from "~/lib/activity.server";
import { adminUser } from "~/lib/admin/guard.server";
import { activitySectionsFor } from "~/lib/admin/permissions";
import { ActivityList } from "~/components/admin/activity-list";
import { AdminPage, EmptyState, Pager } from "~/components/admin/page";
import { FilterForm, FilterSelect } from "~/components/admin/filter-form";

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

export default function ActivityLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pages, people, filters, sections } = loaderData;
  const filtered = Boolean(filters.secao || filters.pessoa);
  const pageLink = (n: number) => `${LIST}?${new URLSearchParams({ ...filters, pagina: String(n) })}`;
  return (
    <AdminPage title="Atividade">
      <p className="mb-4 text-slate-600">
        Quem criou, editou, excluiu, reordenou ou enviou o quê, e quem entrou no painel. As entradas ficam guardadas por um ano.
      </p>
      <FilterForm list={LIST} filtered={filtered} count={`${total} ${total === 1 ? "registro" : "registros"}`}>
        <FilterSelect label="Seção" name="secao" value={filters.secao} all="Todas as seções" choices={sections} />
        <FilterSelect label="Pessoa" name="pessoa" value={filters.pessoa} all="Todas as pessoas" choices={people.map((email) => [email, email] as const)} />
      </FilterForm>
      {entries.length === 0 ? (
        <EmptyState>{filtered ? "Nenhuma atividade com esses filtros." : "Nenhuma atividade registrada ainda."}</EmptyState>
      ) : (
        <ActivityList entries={entries} />
      )}
      <Pager page={page} pages={pages} to={pageLink} />
    </AdminPage>
  );
}
