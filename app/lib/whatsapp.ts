// WhatsApp deep links: https://wa.me/<digits>?text=<encoded text>, always opened in a new tab.
// The number is always given: it comes from the site settings an admin can change (components
// read it with useSiteSettings(), server code with getSiteSettings()).

export function whatsappUrl(text: string | undefined, phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}

/** Props for an <a> that opens a WhatsApp chat safely in a new tab. */
export function whatsappLinkProps(text: string | undefined, phone: string) {
  return { href: whatsappUrl(text, phone), target: "_blank", rel: "noopener noreferrer" } as const;
}
