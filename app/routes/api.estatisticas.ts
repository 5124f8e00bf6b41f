// Where the site reports a WhatsApp click (the links' `ping` attribute, or a beacon with
// JavaScript) and a form sent with JavaScript, for the insights (app/lib/analytics/). POST only.
import type { Route } from "./+types/api.estatisticas";
import { handleReport } from "~/lib/analytics/conversions.server";

export function loader() {
  return new Response("Método não permitido.", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  return handleReport(request, context);
}
