// A WhatsApp call to action: opens the chat in a new tab with an optional prefilled text, on the
// sales number from the site settings unless another number is given. Its clicks are counted for
// the insights under `link` (which button) and the number (useWhatsAppLink).
import type { ReactNode } from "react";
import { useSiteSettings } from "~/lib/site-settings";
import type { WhatsAppButtonId } from "~/lib/analytics/labels";
import { useWhatsAppLink } from "~/lib/whatsapp";
import { Icon } from "./icon";

export function WhatsAppButton({
  text,
  phone,
  children,
  className = "btn btn-whatsapp",
  link = "vendas",
}: {
  text?: string;
  phone?: string;
  children: ReactNode;
  className?: string;
  link?: WhatsAppButtonId;
}) {
  const settings = useSiteSettings();
  const props = useWhatsAppLink(text, phone ?? settings.salesPhone, link);
  return (
    <a {...props} className={className}>
      <Icon name="whatsapp" className="size-5 shrink-0" />
      {children}
      <span className="sr-only"> (abre o WhatsApp em uma nova aba)</span>
    </a>
  );
}
