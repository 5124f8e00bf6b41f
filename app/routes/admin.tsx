import { Form, Link, Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { requireAdmin } from "~/lib/session.server";
import { adminReplyContext, isXhrUpload } from "~/lib/admin-action.server";

// The guarded admin layout. Its loader demands an admin session on the server (so there is no
// client-side "checking" state: the page arrives allowed, or the browser is redirected to
// /admin/login); every action below checks again with requireAdmin.
//
// Forms carrying a file are sent by XHR (to show upload progress); for those requests this
// middleware answers the action's outcome as JSON instead of the page.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method !== "POST" || !isXhrUpload(request)) return next();
    const response = (await next()) as Response;
    const reply = context.get(adminReplyContext);
    if (reply) return Response.json(reply, { status: reply.status });
    const location = response.headers.get("Location");
    if (location) return Response.json({ status: 200, redirectTo: location });
    return Response.json(
      { status: response.status, lastResult: null, toast: { type: "error", title: "Erro ao salvar", description: "Tente novamente." } },
      { status: response.status >= 400 ? response.status : 500 },
    );
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { email: user.email };
}

export const meta: Route.MetaFunction = () => [{ title: "Painel administrativo | Wind Digital" }, { name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link to="/admin/dashboard" className="font-bold text-ink">
            Wind Digital <span className="font-normal text-slate-500">· Admin</span>
          </Link>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-slate-500 sm:inline">{loaderData.email}</span>
            <Form method="post" action="/admin/logout">
              <button type="submit" className="rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100">
                Sair
              </button>
            </Form>
          </div>
        </div>
      </header>
      <main id="conteudo">
        <Outlet />
      </main>
    </div>
  );
}
