// A WhatsApp call to action: opens the chat in a new tab with an optional prefilled text.
import type { ReactNode } from "react";
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
  return (
    <a {...whatsappLinkProps(text, phone)} className={className}>
      <Icon name="whatsapp" className="size-5 shrink-0" />
      {children}
      <span className="sr-only"> (abre o WhatsApp em uma nova aba)</span>
    </a>
  );
}
