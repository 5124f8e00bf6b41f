// Fixed navigation bar: nine links with the current one highlighted, the logo home,
// a shadow once scrolled past 20 px, and 'Falar com Especialista' on WhatsApp. On small screens
// the links fold into a <details> menu (opens and closes without JavaScript; with it, choosing a
// link closes it).
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { mainNav } from "~/content/navigation";
import { Icon } from "./icon";
import { Logo } from "./logo";
import { WhatsAppButton } from "./whatsapp-button";

export const SPECIALIST_TEXT = "Olá, vim do site e quero falar com um especialista da Wind Digital";
const SCROLL_SHADOW_THRESHOLD = 20;

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-full px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-ink"
  }`;
}

export function SiteHeader() {
  const [scrolled, setScrolled] = useState(false);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_SHADOW_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // Choosing a link closes the menu; the page the menu was opened on does not (a visitor on a slow
  // phone may open it before the scripts have loaded, and hydrating must not shut it on them).
  const shownAt = useRef(location.pathname + location.search);
  useEffect(() => {
    const here = location.pathname + location.search;
    if (here === shownAt.current) return;
    shownAt.current = here;
    menuRef.current?.removeAttribute("open");
  }, [location.pathname, location.search]);

  const closeMenu = () => menuRef.current?.removeAttribute("open");

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={`fixed inset-x-0 top-0 z-[60] border-b bg-white/95 backdrop-blur transition-shadow duration-300 ${
        scrolled ? "border-slate-200 shadow-lg shadow-slate-900/5" : "border-transparent"
      }`}
    >
      <a href="#conteudo" className="sr-only rounded-full bg-ink px-4 py-2 text-white focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50">
        Pular para o conteúdo
      </a>
      <div className="container-site flex h-16 items-center justify-between gap-4 lg:h-20">
        <Link to="/" aria-label="Wind Digital, página inicial" className="rounded-lg">
          <Logo />
        </Link>

        <nav aria-label="Principal" className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className={navClass} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <WhatsAppButton text={SPECIALIST_TEXT} className="btn btn-whatsapp hidden px-5 py-2.5 sm:inline-flex">
            Falar com Especialista
          </WhatsAppButton>

          <details ref={menuRef} className="group xl:hidden">
            <summary className="menu-toggle flex size-11 cursor-pointer items-center justify-center rounded-full border border-slate-200 text-ink hover:bg-slate-100">
              <Icon name="menu" className="size-6 group-open:hidden" />
              <Icon name="close" className="hidden size-6 group-open:block" />
              <span className="sr-only">Menu</span>
            </summary>
            <nav
              aria-label="Menu"
              className="absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-slate-200 bg-white shadow-xl"
            >
              <ul className="container-site grid gap-1 py-4">
                {mainNav.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.to === "/"}
                      onClick={closeMenu}
                      className={({ isActive }) =>
                        `block rounded-xl px-4 py-3 text-base font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-100"}`
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
                <li className="pt-2 sm:hidden">
                  <WhatsAppButton text={SPECIALIST_TEXT} className="btn btn-whatsapp w-full">
                    Falar com Especialista
                  </WhatsAppButton>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
