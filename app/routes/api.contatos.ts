// Where the contact and diagnostic forms report a contact when JavaScript runs: the browser
// validates the form, opens the prefilled WhatsApp chat and sends the same fields here (a beacon,
// so it survives the new tab), to be kept as a lead exactly as the form's own action keeps it
// without JavaScript. The answer is 204 whatever was stored (storing never stands in the
// visitor's way), 400 for a form the schema refuses, 429 past the forms' per-visitor limit.
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/api.contatos";
import { contactSchema } from "~/lib/forms/contact";
import { diagnosticSchema } from "~/lib/forms/diagnostic";
import { isBot } from "~/lib/honeypot";
import { storeFormLead, type FormLeadValues } from "~/lib/leads/store.server";
import { hit } from "~/lib/rate-limit.server";
import { requestInfo } from "~/lib/request-info.server";

const FORMS = {
  contato: { schema: contactSchema, formName: "contact" },
  diagnostico: { schema: diagnosticSchema, formName: "diagnostic" },
} as const;

const noStore = { "Cache-Control": "no-store" };

export function loader() {
  return new Response("Método não permitido.", { status: 405, headers: { Allow: "POST", ...noStore } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const form = await request.formData().catch(() => null);
  if (!form) return new Response("Não foi possível ler os dados enviados.", { status: 400, headers: noStore });
  const kind = String(form.get("formulario") ?? "");
  if (!Object.hasOwn(FORMS, kind)) return new Response("Formulário desconhecido.", { status: 400, headers: noStore });
  if (isBot(form)) return new Response(null, { status: 204, headers: noStore });
  const { schema, formName } = FORMS[kind as keyof typeof FORMS];
  // The same per-visitor limit as the form's own action: with or without JavaScript, one budget.
  const limit = await hit(`form:${formName}:${requestInfo(context).ip}`, 20, 10 * 60_000);
  if (!limit.allowed) return new Response(null, { status: 429, headers: { "Retry-After": String(limit.retryAfter), ...noStore } });
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return new Response("Formulário inválido.", { status: 400, headers: noStore });
  await storeFormLead(kind as keyof typeof FORMS, submission.value as FormLeadValues, { request, context, page: String(form.get("pagina") ?? "") });
  return new Response(null, { status: 204, headers: noStore });
}
