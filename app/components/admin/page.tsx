// The frame of every admin section page: back link to the dashboard, title, main action.
import type { ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import type { LoadError } from "~/lib/admin/section.server";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * A section page: back link, title, and above the content the load error of its list (a
 * section's `SectionList.loadError`) and 'Carregando...' while the page reloads.
 */
export function AdminPage({ title, action, loadError, children }: { title: string; action?: ReactNode; loadError?: LoadError | null; children: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  // Marks the page once its handlers run (browser tests wait for it before typing or using keys).
  const hydrated = useHydrated();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6" data-hydrated={hydrated || undefined}>
      <Link to="/admin/dashboard" className="text-sm font-medium text-brand-600 hover:underline">
        ← Voltar ao painel
      </Link>
      <div className="mt-3 mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        {action}
      </div>
      {loadError ? (
        <div role="alert" className="mb-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-900">
          <p className="font-semibold">{loadError.title}</p>
          <p className="mt-0.5 text-sm">{loadError.description}</p>
        </div>
      ) : null}
      {reloading ? (
        <p role="status" className="mb-4 text-sm text-slate-500">
          Carregando...
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** A section's create/edit page: the form on a white card. */
export function FormPage({ title, narrow = false, children }: { title: string; narrow?: boolean; children: ReactNode }) {
  return (
    <AdminPage title={title}>
      <div className={`${narrow ? "max-w-2xl " : ""}rounded-2xl border border-slate-200 bg-white p-6 shadow-sm`}>{children}</div>
    </AdminPage>
  );
}

export function PrimaryLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} preventScrollReset className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white shadow hover:bg-brand-700">
      {children}
    </Link>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-500">{children}</p>;
}

export function RowActions({ editTo, deleteTo, label }: { editTo: string; deleteTo: string; label: string }) {
  return (
    <div className="flex gap-2">
      <Link
        to={editTo}
        preventScrollReset
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
        aria-label={`Editar ${label}`}
      >
        Editar
      </Link>
      <Link
        to={deleteTo}
        preventScrollReset
        className="rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
        aria-label={`Excluir ${label}`}
      >
        Excluir
      </Link>
    </div>
  );
}

/** "Anterior · Página 2 de 5 · Próxima" under a long list; plain links, so it works without JavaScript. */
export function Pager({ page, pages, to }: { page: number; pages: number; to: (page: number) => string }) {
  if (pages <= 1) return null;
  const linkClass = "rounded-full border border-slate-300 px-4 py-1.5 font-semibold text-slate-700 hover:bg-slate-50";
  return (
    <nav aria-label="Páginas" className="mt-6 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={to(page - 1)} className={linkClass}>
          Anterior
        </Link>
      ) : null}
      <span className="text-sm text-slate-600">
        Página {page} de {pages}
      </span>
      {page < pages ? (
        <Link to={to(page + 1)} className={linkClass}>
          Próxima
        </Link>
      ) : null}
    </nav>
  );
}
