// The error screen: the root shows it alone (the document failed), and the public and admin
// layouts show it between their own header and footer, so a page that fails keeps the site's
// navigation around it.
import { isRouteErrorResponse } from "react-router";

export function ErrorScreen({ error }: { error: unknown }) {
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
