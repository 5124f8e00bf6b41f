// "Abrir no WhatsApp" on a lead: the lead's own number with a short greeting naming the agency.
import { site } from "~/content/site";
import { whatsappUrl } from "~/lib/whatsapp";

/** The lead's number as wa.me wants it: Brazil's 55 before a DDD and number typed without it. */
function leadWhatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : digits;
}

function greetingText(name: string): string {
  const first = name.trim().split(/\s+/)[0];
  return `Olá${first ? `, ${first}` : ""}! Aqui é da ${site.brandName}. Recebemos seu contato pelo site e estamos à disposição.`;
}

export function greetingUrl(name: string, phone: string): string {
  return whatsappUrl(greetingText(name), leadWhatsappNumber(phone));
}
