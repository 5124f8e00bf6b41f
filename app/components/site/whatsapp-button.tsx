// A WhatsApp call to action: opens the chat in a new tab with an optional prefilled text, on the
// sales number from the site settings unless another number is given.
import type { ReactNode } from "react";
import { useSiteSettings } from "~/lib/site-settings";
import { whatsappLinkProps } from "~/lib/whatsapp";
import { Icon } from "./icon";

export function WhatsAppButton({
  text,
  phone,
  children,
  className = "btn btn-whatsapp",
}: {
  text?: string;
  phone?: string;
  children: ReactNode;
  className?: string;
}) {
  const settings = useSiteSettings();
  return (
    <a {...whatsappLinkProps(text, phone ?? settings.salesPhone)} className={className}>
      <Icon name="whatsapp" className="size-5 shrink-0" />
      {children}
      <span className="sr-only"> (abre o WhatsApp em uma nova aba)</span>
    </a>
  );
}
