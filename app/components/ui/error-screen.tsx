// The error screen: the root shows it alone (the document failed), and the public and admin
// layouts show it between their own header and footer, so a page that fails keeps the site's
// navigation around it.
import { isRouteErrorResponse } from "react-router";

/**
 * A refusal that says why (a 403 with a title and a description, such as the admin guard's for a
 * page the person's role may not open): not an unexpected error, so it reads as what it is, with
 * the way back to the admin's dashboard.
 */
function refusal(error: unknown): { title: string; description: string } | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const body = error.data as { title?: unknown; description?: unknown } | null;
  return typeof body?.title === "string" && typeof body.description === "string" ? { title: body.title, description: body.description } : null;
}

export function ErrorScreen({ error }: { error: unknown }) {
  const refused = refusal(error);
  if (refused) {
    return (
      <section className="mx-auto max-w-xl px-6 py-24 text-center">
        <title>{`${refused.title} | Wind Digital`}</title>
        <h1 className="text-2xl font-bold text-slate-900">{refused.title}</h1>
        <p className="mt-4 text-slate-600">{refused.description}</p>
        <a href="/admin/dashboard" className="mt-8 inline-block rounded-full bg-slate-900 px-6 py-3 font-semibold text-white">
          Voltar ao painel
        </a>
      </section>
    );
  }
  let detail = "Ocorreu um erro inesperado.";
  if (isRouteErrorResponse(error)) {
    detail = `${error.status} ${error.statusText || ""}`.trim();
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
  }
  return (
    <section className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>Erro | Wind Digital</title>
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="mt-4 text-slate-600">{detail}</p>
      <a href="/" className="mt-8 inline-block rounded-full bg-slate-900 px-6 py-3 font-semibold text-white">
        Voltar para o início
      </a>
    </section>
  );
}
