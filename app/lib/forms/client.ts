// Client-side validation of the WhatsApp forms, loaded on demand by useWhatsAppForm: the same
// zod schemas as the route actions, through conform's parser.
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import "./zod-config";
import type { FormId } from "~/lib/analytics/labels";
import { contactSchema, contactWhatsappUrl, type ContactValues } from "./contact";
import { diagnosticSchema, diagnosticWhatsappUrl, type DiagnosticValues } from "./diagnostic";

/** What useWhatsAppForm loads on demand for one form. */
export interface ClientFormModule<V> {
  parse: (formData: FormData) => { ok: true; value: V } | { ok: false; errors: Record<string, string[]> };
  /** The prefilled chat on `phone` (the sales number of the site settings). */
  toUrl: (value: V, phone: string) => string;
  /** The form's name in the insights (a form sent with JavaScript is reported by a beacon). */
  form: FormId;
}

function parser<S extends z.ZodType>(schema: S): ClientFormModule<z.infer<S>>["parse"] {
  return (formData) => {
    const submission = parseWithZod(formData, { schema });
    if (submission.status === "success") return { ok: true, value: submission.value as z.infer<S> };
    const errors: Record<string, string[]> = {};
    for (const [key, messages] of Object.entries(submission.error ?? {})) if (messages) errors[key] = messages;
    return { ok: false, errors };
  };
}

export const contactForm: ClientFormModule<ContactValues> = { parse: parser(contactSchema), toUrl: contactWhatsappUrl, form: "contato" };
export const diagnosticForm: ClientFormModule<DiagnosticValues> = { parse: parser(diagnosticSchema), toUrl: diagnosticWhatsappUrl, form: "diagnostico" };
