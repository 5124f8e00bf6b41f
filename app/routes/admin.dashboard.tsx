import { Link } from "react-router";
import type { Route } from "./+types/admin.dashboard";
import { db } from "~/lib/db.server";
import { ActivityList } from "~/components/admin/activity-list";
import { EmptyState } from "~/components/admin/page";
import { LogoutForm } from "~/components/admin/logout-form";
import { logFailure } from "~/lib/admin/action.server";
import { withLinks } from "~/lib/activity.server";
import { CONTENT_SECTIONS, DASHBOARD_CARDS, type SectionModel } from "~/lib/admin/sections";
import { backupStatus } from "~/lib/backup/schedule.server";
import { formatDateTime } from "~/lib/dates";
import { countNewLeads } from "~/lib/leads/inbox.server";
import { adminUser } from "~/lib/admin/guard.server";
import { ACTIVITY_SECTIONS } from "~/lib/activity";
import { activitySectionsFor, mayOpen, maySeeLeads } from "~/lib/admin/permissions";

const RECENT_ACTIVITY = 8;

/** A count, or null when its table cannot be read (that card says so; the others show as usual). */
async function countOf(label: string, count: () => Promise<number>): Promise<number | null> {
  try {
    return await count();
  } catch (error) {
    logFailure(`dashboard: ${label} could not be counted`, error, "load");
    return null;
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  // Each person sees the cards, counts and activity of what their role may open (app/lib/admin/permissions.ts).
  const { role } = adminUser(context);
  const sections = activitySectionsFor(role, Object.keys(ACTIVITY_SECTIONS));
  const [counts, activity, backup, newLeads] = await Promise.all([
    Promise.all(
      CONTENT_SECTIONS.filter((section) => mayOpen(role, section.path)).map(
        async (section) => [section.model, await countOf(section.key, () => section.table(db).count())] as const,
      ),
    ),
    db.activityEntry
      .findMany({ where: sections ? { section: { in: sections } } : {}, orderBy: { id: "desc" }, take: RECENT_ACTIVITY })
      .then(withLinks)
      .catch((error: unknown) => {
        logFailure("dashboard: activity could not be read", error, "load");
        return null;
      }),
    backupStatus()
      .then(({ enabled, lastOk, lastFailure }) => ({
        enabled,
        lastOk: lastOk ? formatDateTime(lastOk.finishedAt) : null,
        lastFailure: lastFailure ? { at: formatDateTime(lastFailure.finishedAt), error: lastFailure.error } : null,
      }))
      .catch((error: unknown) => {
        logFailure("dashboard: backup status could not be read", error, "load");
        return null;
      }),
    maySeeLeads(role) ? countOf("contatos", countNewLeads) : null,
  ]);
  return {
    counts: Object.fromEntries(counts) as Record<SectionModel, number | null>,
    activity,
    backup,
    newLeads,
    cards: DASHBOARD_CARDS.filter((card) => mayOpen(role, card.path)),
    activityLink: mayOpen(role, "/admin/atividade"),
  };
}

export const COUNT_FAILED = "Não foi possível carregar";

export const meta: Route.MetaFunction = () => [{ title: "Painel | Wind Digital" }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Painel administrativo</h1>
          <p className="text-slate-600">Gerencie o conteúdo do site.</p>
        </div>
        <LogoutForm label="Sair do painel" className="rounded-full bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700" />
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.cards.map((section) => (
          <li key={section.path}>
            <Link
              to={section.path}
              className="block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md"
            >
              <h2 className="text-lg font-semibold text-slate-900">{section.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{section.description}</p>
              {section.counts && loaderData.counts[section.counts] === null ? (
                <p role="alert" className="mt-4 text-sm font-medium text-red-700">
                  {COUNT_FAILED}
                </p>
              ) : section.key === "contatos" ? (
                // The leads card counts the new ones (status Novo): what is waiting for an answer.
                <p className="mt-4 text-sm font-medium text-brand-600">
                  {loaderData.newLeads === null ? COUNT_FAILED : `${loaderData.newLeads} ${loaderData.newLeads === 1 ? "novo" : "novos"}`}
                </p>
              ) : section.counts ? (
                <p className="mt-4 text-sm font-medium text-brand-600">
                  {loaderData.counts[section.counts]} {loaderData.counts[section.counts] === 1 ? "item" : "itens"}
                </p>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      <BackupLine backup={loaderData.backup} />
      <section aria-labelledby="atividade-recente" className="mt-10">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="atividade-recente" className="text-xl font-bold text-slate-900">
            Atividade recente
          </h2>
          {loaderData.activityLink ? (
            <Link to="/admin/atividade" className="text-sm font-medium text-brand-600 hover:underline">
              Ver toda a atividade
            </Link>
          ) : null}
        </div>
        {loaderData.activity === null ? (
          <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            Não foi possível carregar a atividade recente. Tente novamente mais tarde.
          </p>
        ) : loaderData.activity.length === 0 ? (
          <EmptyState>Nenhuma atividade registrada ainda.</EmptyState>
        ) : (
          <ActivityList entries={loaderData.activity} />
        )}
      </section>
    </div>
  );
}

/** When the server's daily backup last finished, and whether the latest one failed (BACKUP_DIR; see docs/operations.md). */
export function BackupLine({ backup }: { backup: Route.ComponentProps["loaderData"]["backup"] }) {
  if (backup === null) {
    return (
      <p role="alert" className="mt-8 text-sm text-red-700">
        Não foi possível ler a situação do backup.
      </p>
    );
  }
  if (!backup.enabled && !backup.lastOk && !backup.lastFailure) {
    return <p className="mt-8 text-sm text-slate-500">Backup automático desligado neste servidor.</p>;
  }
  return (
    <div className="mt-8 space-y-2 text-sm">
      <p className="text-slate-600">{backup.lastOk ? `Último backup concluído em ${backup.lastOk}.` : "Nenhum backup automático concluído ainda."}</p>
      {backup.lastFailure ? (
        <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
          O último backup falhou em {backup.lastFailure.at}: {backup.lastFailure.error}. O erro foi registrado no log do servidor.
        </p>
      ) : null}
    </div>
  );
}
