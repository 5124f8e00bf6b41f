// The shared action of the public WhatsApp forms (contact, diagnostic): honeypot, rate limit,
// zod validation through conform; a valid form is kept as a lead (app/lib/leads/; a failure to
// store is logged and never stops the visitor) and redirects to the prefilled WhatsApp chat.
// Invalid forms answer 400 with Portuguese errors per field and the values to keep.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { readFormData } from "~/lib/form-data.server";
import { isBot } from "~/lib/honeypot";
import { hit } from "~/lib/rate-limit.server";
import { requestInfo } from "~/lib/request-info.server";
import type { RouterContextProvider } from "react-router";
import { getSiteSettings } from "~/lib/site-settings.server";
import { countFormSent } from "~/lib/analytics/conversions.server";
import { storeFormLead, type FormLeadValues } from "~/lib/leads/store.server";
import type { WhatsAppFormResult } from "./result";

export type { WhatsAppFormResult };

const TOO_MANY_ATTEMPTS = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

export async function handleWhatsAppForm<S extends z.ZodType>(options: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  formName: string;
  schema: S;
  /** The prefilled chat on `phone`, the sales number of the site settings. */
  toUrl: (values: z.infer<S>, phone: string) => string;
  /** Where a bot's submission is sent back to, silently. */
  backTo: string;
}) {
  const { request, context, formName, schema, toUrl, backTo } = options;
  const formData = await readFormData(request);
  if (isBot(formData)) return redirect(backTo);

  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;

  const { ip } = requestInfo(context);
  const limit = await hit(`form:${formName}:${ip}`, 20, 10 * 60_000);
  if (!limit.allowed) {
    return data<WhatsAppFormResult>(
      { form: formName, errors: { "": [TOO_MANY_ATTEMPTS] }, values },
      { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
    );
  }

  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const errors: Record<string, string[]> = {};
    for (const [key, messages] of Object.entries(submission.error ?? {})) if (messages) errors[key] = messages;
    return data<WhatsAppFormResult>({ form: formName, errors, values }, { status: 400 });
  }
  const kind = formName === "diagnostic" ? "diagnostico" : "contato";
  await storeFormLead(kind, submission.value as FormLeadValues, { request, context, page: new URL(request.url).pathname });
  const { salesPhone } = await getSiteSettings();
  await countFormSent(request, context, kind, salesPhone);
  return redirect(toUrl(submission.value as z.infer<S>, salesPhone));
}
