// WhatsApp deep links: https://wa.me/<digits>?text=<encoded text>, always opened in a new tab.
import { site } from "~/content/site";

export function whatsappUrl(text?: string, phone: string = site.salesPhone): string {
  const digits = phone.replace(/\D/g, "");
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}

/** Props for an <a> that opens a WhatsApp chat safely in a new tab. */
export function whatsappLinkProps(text?: string, phone?: string) {
  return { href: whatsappUrl(text, phone), target: "_blank", rel: "noopener noreferrer" } as const;
}
