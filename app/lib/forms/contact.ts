// The contact form: name, e-mail, phone, optional company and message. Nothing
// is stored: a valid form becomes a prefilled WhatsApp message ('Não informada' for no company).
import { z } from "zod";
import { whatsappUrl } from "~/lib/whatsapp";

export const contactSchema = z.object({
  name: z.string({ error: "Informe seu nome" }).trim().min(2, "Informe seu nome"),
  email: z.string({ error: "Informe seu e-mail" }).trim().pipe(z.email("Informe um e-mail válido")),
  phone: z
    .string({ error: "Informe seu telefone" })
    .trim()
    .refine((v) => v.replace(/\D/g, "").length >= 10, "Informe um telefone válido com DDD"),
  company: z.string().trim().optional(),
  message: z.string({ error: "Escreva sua mensagem" }).trim().min(5, "Escreva sua mensagem"),
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
