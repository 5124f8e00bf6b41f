// Entries of the activity log as a list that reads like sentences: "ana@… editou “Case X”",
// with the section, the time in São Paulo and what changed. The row's name links to its edit form
// while the row exists (plain text once it is deleted). Used by the dashboard and /admin/atividade.
import { Link } from "react-router";
import { entryVerb, sectionName } from "~/lib/activity";
import { formatDateTime } from "~/lib/dates";

export interface ActivityRow {
  id: number;
  createdAt: Date | string;
  actorEmail: string;
  section: string;
  action: string;
  targetLabel: string | null;
  summary: string;
  /** The edit form of the row the entry names, while it exists. */
  href?: string | null;
}

export function ActivityList({ entries }: { entries: ActivityRow[] }) {
  return (
    <ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
          <div className="min-w-0">
            <p className="break-words text-slate-900">
              <span className="font-semibold">{entry.actorEmail}</span> {entryVerb(entry.action, entry.targetLabel)}
              {entry.targetLabel ? (
                <>
                  {" "}
                  {entry.href ? (
                    <Link to={entry.href} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                      “{entry.targetLabel}”
                    </Link>
                  ) : (
                    <span className="font-medium">“{entry.targetLabel}”</span>
                  )}
                </>
              ) : null}
            </p>
            {entry.summary ? <p className="mt-0.5 break-words text-sm text-slate-600">{entry.summary}</p> : null}
          </div>
          <p className="flex shrink-0 flex-wrap items-center gap-2 text-sm text-slate-500 sm:flex-col sm:items-end sm:gap-1">
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{sectionName(entry.section)}</span>
            <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
