// WhatsApp deep links: https://wa.me/<digits>?text=<encoded text>, always opened in a new tab.
// The number is always given: it comes from the site settings an admin can change (components
// read it with useSiteSettings(), server code with getSiteSettings()).
import { useInRouterContext, useLocation } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { sendBeacon, whatsappPingUrl } from "./analytics/events";
import type { WhatsAppButtonId } from "./analytics/labels";

export function whatsappUrl(text: string | undefined, phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}

/** Props for an <a> that opens a WhatsApp chat safely in a new tab. */
function whatsappLinkProps(text: string | undefined, phone: string) {
  return { href: whatsappUrl(text, phone), target: "_blank", rel: "noopener noreferrer" } as const;
}

/**
 * Props for a WhatsApp link whose clicks the insights count (app/lib/analytics/): the same
 * href/target/rel as whatsappLinkProps, plus, in the server's HTML, a `ping` to the counting
 * endpoint (sent by Chromium and Safari when the link is followed, JavaScript or not). Once
 * JavaScript runs the `ping` goes and a beacon reports the click instead, so browsers that send no
 * pings (Firefox) count too and no click counts twice. Sections rendered as static markup (the
 * footer, the home page's sections) are never hydrated: they keep their `ping`.
 */
export function useWhatsAppLink(text: string | undefined, phone: string, button: WhatsAppButtonId) {
  const hydrated = useHydrated();
  const ping = whatsappPingUrl(button, phone, usePagePath());
  const report = () => sendBeacon(ping);
  return {
    ...whatsappLinkProps(text, phone),
    ...(hydrated ? {} : { ping }),
    onClick: report,
    // A middle click opens the chat in a new tab too.
    onAuxClick: (event: { button: number }) => {
      if (event.button === 1) report();
    },
  };
}

/**
 * The page's path, or null in sections rendered to static markup outside the router (the
 * counting endpoint then takes the page from the request's Referer).
 */
function usePagePath(): string | null {
  // A conditional hook, but always the same branch for a component: being inside the router or not never changes.
  return useInRouterContext() ? useLocation().pathname : null;
}
