// Footer: logo, tagline whose word 'digital' discreetly links to /admin/login,
// social links, quick links, services, contact, copyright with the current year, legal links
// and 'Preferências de cookies' to change the cookie choice later.
//
// It has no state: public pages get it as server markup only (footer-html.server.tsx), so none
// of it is in their JavaScript. Its links are plain links (StaticHtml turns clicks on them into
// client-side navigations), and 'Preferências de cookies' is a plain form posting to /consent,
// which the cookie notice intercepts when JavaScript runs (CONSENT_RESET_ATTRIBUTE).
import { footerQuickLinks, footerServiceLinks } from "~/content/navigation";
import { site } from "~/content/site";
import { CONSENT_RESET_ATTRIBUTE } from "~/lib/consent";
import { type SiteSettings } from "~/lib/site-settings";
import { useWhatsAppLink } from "~/lib/whatsapp";
import { Icon, type IconName } from "./icon";
import { Logo } from "./logo";

/** The networks with a link in the settings (an empty one is hidden), then WhatsApp. */
/** `whatsapp`: the WhatsApp link's props (its clicks are counted, useWhatsAppLink). */
function socialLinks(
  { social }: SiteSettings,
  whatsapp: { href: string; target: string; rel: string },
): { label: string; icon: IconName; link: { href: string; target: string; rel: string } }[] {
  const networks: { label: string; href: string; icon: IconName }[] = [
    { label: "Facebook", href: social.facebook, icon: "facebook" },
    { label: "Instagram", href: social.instagram, icon: "instagram" },
    { label: "LinkedIn", href: social.linkedin, icon: "linkedin" },
    { label: "TikTok", href: social.tiktok, icon: "tiktok" },
    { label: "YouTube", href: social.youtube, icon: "youtube" },
  ];
  return [
    ...networks.filter((n) => n.href).map((n) => ({ label: n.label, icon: n.icon, link: { href: n.href, target: "_blank", rel: "noopener noreferrer" } })),
    { label: "WhatsApp", icon: "whatsapp", link: whatsapp },
  ];
}

const headingClass = "text-sm font-bold tracking-wider text-white uppercase";
const linkClass = "text-slate-300 transition-colors hover:text-white";

/** `redirectTo`: where the no-JavaScript cookie reset comes back to (the page's path and query). */
export function SiteFooter({ settings, year, redirectTo }: { settings: SiteSettings; year: number; redirectTo: string }) {
  const whatsapp = useWhatsAppLink("Olá, vim do site da Wind Digital", settings.salesPhone, "vendas");
  return (
    <footer className="bg-ink text-slate-300">
      <div className="container-site grid gap-12 py-16 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <a href="/" aria-label="Wind Digital, página inicial" className="inline-block rounded-lg">
            <Logo tone="light" />
          </a>
          <p className="mt-4 text-sm leading-relaxed">
            Transformação{" "}
            <a href="/admin/login" className="font-semibold text-slate-300">
              digital
            </a>{" "}
            com estratégia, tecnologia e resultado para empresas de todo o Brasil.
          </p>
          <ul className="mt-6 flex flex-wrap gap-2">
            {socialLinks(settings, whatsapp).map((s) => (
              <li key={s.label}>
                <a {...s.link} className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-brand-600">
                  <Icon name={s.icon} className="size-5" />
                  <span className="sr-only">{s.label} (abre em uma nova aba)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label="Links rápidos">
          <h2 className={headingClass}>Links rápidos</h2>
          <LinkList links={footerQuickLinks} />
        </nav>

        <div>
          <h2 className={headingClass}>Serviços</h2>
          <LinkList links={footerServiceLinks} />
        </div>

        <div>
          <h2 className={headingClass}>Contato</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={`mailto:${settings.email}`} className={`flex items-center gap-2 ${linkClass}`}>
                <Icon name="mail" className="size-4 shrink-0" />
                {settings.email}
              </a>
            </li>
            <li>
              <a href={`tel:+${settings.salesPhone}`} className={`flex items-center gap-2 ${linkClass}`}>
                <Icon name="phone" className="size-4 shrink-0" />
                {settings.salesPhoneDisplay}
              </a>
            </li>
            <li>
              <a href={settings.mapsUrl} target="_blank" rel="noopener noreferrer" className={`flex gap-2 ${linkClass}`}>
                <Icon name="map-pin" className="mt-0.5 size-4 shrink-0" />
                <span>
                  {settings.address.street}
                  <br />
                  {settings.address.city} - {settings.address.state}, {settings.address.postalCode}
                  <span className="sr-only"> (abre o mapa em uma nova aba)</span>
                </span>
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="clock" className="size-4 shrink-0" />
              {settings.hours}
            </li>
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="container-site flex flex-col gap-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {site.brandName}. Todos os direitos reservados.
          </p>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <a href="/politica-privacidade" className={linkClass}>
              Política de Privacidade
            </a>
            <a href="/termos-uso" className={linkClass}>
              Termos de Uso
            </a>
            <form method="post" action="/consent">
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <button type="submit" name="consent" value="reset" className={`cursor-pointer ${linkClass}`} {...{ [CONSENT_RESET_ATTRIBUTE]: "" }}>
                Preferências de cookies
              </button>
            </form>
          </div>
        </div>
      </div>
    </footer>
  );
}

function LinkList({ links }: { links: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <ul className="mt-4 space-y-2.5 text-sm">
      {links.map((l) => (
        <li key={l.to}>
          <a href={l.to} className={linkClass}>
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
