// Footer (spec §2.6): logo, tagline whose word 'digital' discreetly links to /admin/login,
// social links, quick links, services, contact, copyright with the current year, legal links
// and 'Preferências de cookies' to change the cookie choice later.
import { Form, Link, useLocation } from "react-router";
import { footerQuickLinks, footerServiceLinks } from "~/content/navigation";
import { site } from "~/content/site";
import { clearConsent, CONSENT_REOPEN_EVENT } from "~/lib/consent";
import { whatsappLinkProps } from "~/lib/whatsapp";
import { Icon, type IconName } from "./icon";
import { Logo } from "./logo";

const socialLinks: { label: string; href: string; icon: IconName; whatsapp?: boolean }[] = [
  { label: "Facebook", href: site.social.facebook, icon: "facebook" },
  { label: "Instagram", href: site.social.instagram, icon: "instagram" },
  { label: "LinkedIn", href: site.social.linkedin, icon: "linkedin" },
  { label: "TikTok", href: site.social.tiktok, icon: "tiktok" },
  { label: "YouTube", href: site.social.youtube, icon: "youtube" },
  { label: "WhatsApp", href: "", icon: "whatsapp", whatsapp: true },
];

const headingClass = "text-sm font-bold tracking-wider text-white uppercase";
const linkClass = "text-slate-300 transition-colors hover:text-white";

export function SiteFooter() {
  const location = useLocation();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-ink text-slate-300">
      <div className="container-site grid gap-12 py-16 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" aria-label="Wind Digital, página inicial" className="inline-block rounded-lg">
            <Logo tone="light" />
          </Link>
          <p className="mt-4 text-sm leading-relaxed">
            Transformação{" "}
            <Link to="/admin/login" className="font-semibold text-slate-300">
              digital
            </Link>{" "}
            com estratégia, tecnologia e resultado para empresas de todo o Brasil.
          </p>
          <ul className="mt-6 flex flex-wrap gap-2">
            {socialLinks.map((s) => (
              <li key={s.label}>
                <a
                  {...(s.whatsapp ? whatsappLinkProps("Olá, vim do site da Wind Digital") : { href: s.href, target: "_blank", rel: "noopener noreferrer" })}
                  className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-brand-600"
                >
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
              <a href={`mailto:${site.email}`} className={`flex items-center gap-2 ${linkClass}`}>
                <Icon name="mail" className="size-4 shrink-0" />
                {site.email}
              </a>
            </li>
            <li>
              <a href={`tel:+${site.salesPhone}`} className={`flex items-center gap-2 ${linkClass}`}>
                <Icon name="phone" className="size-4 shrink-0" />
                {site.salesPhoneDisplay}
              </a>
            </li>
            <li>
              <a href={site.mapsUrl} target="_blank" rel="noopener noreferrer" className={`flex gap-2 ${linkClass}`}>
                <Icon name="map-pin" className="mt-0.5 size-4 shrink-0" />
                <span>
                  {site.address.street}
                  <br />
                  {site.address.city} - {site.address.state}, {site.address.postalCode}
                  <span className="sr-only"> (abre o mapa em uma nova aba)</span>
                </span>
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="clock" className="size-4 shrink-0" />
              {site.hours}
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
            <Link to="/politica-privacidade" className={linkClass}>
              Política de Privacidade
            </Link>
            <Link to="/termos-uso" className={linkClass}>
              Termos de Uso
            </Link>
            <Form method="post" action="/consent" reloadDocument>
              <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
              <button
                type="submit"
                name="consent"
                value="reset"
                className={`cursor-pointer ${linkClass}`}
                onClick={(event) => {
                  event.preventDefault();
                  clearConsent();
                  window.dispatchEvent(new Event(CONSENT_REOPEN_EVENT));
                }}
              >
                Preferências de cookies
              </button>
            </Form>
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
          <Link to={l.to} className={linkClass}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
