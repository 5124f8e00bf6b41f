// The contact form: name, e-mail, phone, optional company and message. A valid form is kept as a
// lead (app/lib/leads/) and becomes a prefilled WhatsApp message ('Não informada' for no company).
// Each field has a length limit (the lead's), with its message.
import { z } from "zod";
import { LEAD_LIMITS } from "~/lib/leads/leads";
import { whatsappUrl } from "~/lib/whatsapp";

export const contactSchema = z.object({
  name: z
    .string({ error: "Informe seu nome" })
    .trim()
    .min(2, "Informe seu nome")
    .max(LEAD_LIMITS.name, `O nome pode ter no máximo ${LEAD_LIMITS.name} caracteres`),
  email: z
    .string({ error: "Informe seu e-mail" })
    .trim()
    .max(LEAD_LIMITS.email, `O e-mail pode ter no máximo ${LEAD_LIMITS.email} caracteres`)
    .pipe(z.email("Informe um e-mail válido")),
  phone: z
    .string({ error: "Informe seu telefone" })
    .trim()
    .max(LEAD_LIMITS.phone, `O telefone pode ter no máximo ${LEAD_LIMITS.phone} caracteres`)
    .refine((v) => v.replace(/\D/g, "").length >= 10, "Informe um telefone válido com DDD"),
  company: z.string().trim().max(LEAD_LIMITS.company, `O nome da empresa pode ter no máximo ${LEAD_LIMITS.company} caracteres`).optional(),
  message: z
    .string({ error: "Escreva sua mensagem" })
    .trim()
    .min(5, "Escreva sua mensagem")
    .max(LEAD_LIMITS.message, `A mensagem pode ter no máximo ${LEAD_LIMITS.message} caracteres`),
});

export type ContactValues = z.infer<typeof contactSchema>;

export function contactMessage(values: ContactValues): string {
  return [
    "Olá! Vim pelo site e gostaria de falar com a Wind Digital.",
    "",
    `Nome: ${values.name}`,
    `E-mail: ${values.email}`,
    `Telefone: ${values.phone}`,
    `Empresa: ${values.company || "Não informada"}`,
    "",
    `Mensagem: ${values.message}`,
  ].join("\n");
}

/** The prefilled chat on `phone`, the sales number of the site settings. */
export function contactWhatsappUrl(values: ContactValues, phone: string): string {
  return whatsappUrl(contactMessage(values), phone);
}
