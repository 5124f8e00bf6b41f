import { useEffect } from "react";
import { Link, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/admin";
import { ErrorScreen } from "~/components/ui/error-screen";
import { LogoutForm } from "~/components/admin/logout-form";
import { adminArea, adminUser, restoredDraftFor } from "~/lib/admin/guard.server";

// The guarded admin layout. Its middleware demands an admin session on the server before any
// loader or action of any admin route runs (so there is no client-side "checking" state: the page
// arrives allowed, or the browser is redirected to /admin/login). Nothing it answers is cached, and
// every write it lets through refreshes the public pages. A page the person's role may not open
// (app/lib/admin/permissions.ts) is refused there with a 403 "Acesso restrito".
export const middleware: Route.MiddlewareFunction[] = adminArea;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = adminUser(context);
  // What this page's form posted when the session had ended, back once after the sign-in (app/lib/form-drafts.server.ts).
  return { email: user.email, restoredDraft: await restoredDraftFor(request, user.id) };
}

export const meta: Route.MetaFunction = () => [{ title: "Painel administrativo | Wind Digital" }, { name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame email={loaderData.email}>
      <Outlet />
    </AdminFrame>
  );
}

// A page that fails keeps the admin header (home link, e-mail, "Sair") around the error screen
// (HTTP 500 kept). When this layout's own loader failed there is no e-mail to show. A page the
// role may not open is refused by the guard (the layout's middleware) before this layout runs, so
// the root's boundary shows that one; the error screen words it either way ("Acesso restrito").
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin");
  return (
    <AdminFrame email={layout?.email}>
      <ErrorScreen error={error} />
    </AdminFrame>
  );
}

/**
 * The toast region as a popover while the admin is open: the browser then draws it above
 * everything, an open modal dialog and its backdrop included. It is raised again whenever a toast
 * comes (the popover shown last is on top). Only the admin opens modal dialogs, so the public
 * pages' region stays a plain element and their scripts carry none of this.
 */
function useToastsAboveDialogs() {
  useEffect(() => {
    const region = document.querySelector<HTMLElement>("[data-toasts]");
    if (!region || typeof region.showPopover !== "function") return;
    region.popover = "manual";
    const raise = () => {
      if (region.matches(":popover-open")) region.hidePopover();
      region.showPopover();
    };
    raise();
    const observer = new MutationObserver(raise);
    observer.observe(region, { childList: true });
    return () => {
      observer.disconnect();
      region.removeAttribute("popover");
    };
  }, []);
}

function AdminFrame({ email, children }: { email: string | undefined; children: React.ReactNode }) {
  useToastsAboveDialogs();
  return (
    // data-admin: the admin scrolls instantly (app.css).
    <div data-admin className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link to="/admin/dashboard" className="font-bold text-ink">
            Wind Digital <span className="font-normal text-slate-500">· Admin</span>
          </Link>
          <div className="flex items-center gap-3">
            {email ? <span className="hidden text-sm text-slate-500 sm:inline">{email}</span> : null}
            <LogoutForm label="Sair" className="rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100" />
          </div>
        </div>
      </header>
      <main id="conteudo">{children}</main>
    </div>
  );
}
