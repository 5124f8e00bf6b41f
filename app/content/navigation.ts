// The header's nine links (spec §2.2), in order, and the footer's quick links (§2.6).
export interface NavLinkItem {
  label: string;
  to: string;
}

export const mainNav: NavLinkItem[] = [
  { label: "Home", to: "/" },
  { label: "Serviços", to: "/servicos" },
  { label: "Portfólio", to: "/portfolio" },
  { label: "Painéis LED", to: "/led-panels" },
  { label: "Window Films", to: "/window-films" },
  { label: "Curso", to: "/curso" },
  { label: "Blog", to: "/blog" },
  { label: "Sobre", to: "/sobre" },
  { label: "Contato", to: "/contato" },
];

export const footerQuickLinks: NavLinkItem[] = [
  { label: "Home", to: "/" },
  { label: "Sobre Nós", to: "/sobre" },
  { label: "Serviços", to: "/servicos" },
  { label: "Portfólio", to: "/portfolio" },
];

/** Every public page, for the sitemap. */
export const publicPaths = [
  "/",
  "/sobre",
  "/servicos",
  "/portfolio",
  "/led-panels",
  "/window-films",
  "/curso",
  "/blog",
  "/contato",
  "/termos-uso",
  "/politica-privacidade",
] as const;
