// The free-diagnostic form: name, WhatsApp number and monthly revenue,
// all required. A valid form is kept as a lead (app/lib/leads/) and becomes a prefilled WhatsApp message.
import { z } from "zod";
import { LEAD_LIMITS } from "~/lib/leads/leads";
import { whatsappUrl } from "~/lib/whatsapp";
import { revenueOptions, type RevenueValue } from "./diagnostic-options";

const revenueValues = revenueOptions.map((o) => o.value) as [RevenueValue, ...RevenueValue[]];

export const diagnosticSchema = z.object({
  name: z
    .string({ error: "Informe seu nome" })
    .trim()
    .min(2, "Informe seu nome")
    .max(LEAD_LIMITS.name, `O nome pode ter no máximo ${LEAD_LIMITS.name} caracteres`),
  phone: z
    .string({ error: "Informe seu WhatsApp" })
    .trim()
    .max(LEAD_LIMITS.phone, `O WhatsApp pode ter no máximo ${LEAD_LIMITS.phone} caracteres`)
    .refine((v) => v.replace(/\D/g, "").length >= 10, "Informe um WhatsApp válido com DDD"),
  revenue: z.enum(revenueValues, { error: "Selecione o faturamento mensal" }),
});

export type DiagnosticValues = z.infer<typeof diagnosticSchema>;

export function diagnosticMessage(values: DiagnosticValues): string {
  const revenue = revenueOptions.find((o) => o.value === values.revenue)?.label ?? values.revenue;
  return [
    "Olá! Vim pelo site e quero meu diagnóstico gratuito.",
    "",
    `Nome: ${values.name}`,
    `WhatsApp: ${values.phone}`,
    `Faturamento mensal: ${revenue}`,
  ].join("\n");
}

/** The prefilled chat on `phone`, the sales number of the site settings. */
export function diagnosticWhatsappUrl(values: DiagnosticValues, phone: string): string {
  return whatsappUrl(diagnosticMessage(values), phone);
}
