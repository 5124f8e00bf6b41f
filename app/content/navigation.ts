// The header's nine links, in order, and the footer's quick links.
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

/** The footer's service list (titles as in content/services.ts, kept here so the layout stays light). */
export const footerServiceLinks: NavLinkItem[] = [
  { label: "Agente de IA Personalizado", to: "/servicos#agente-ia" },
  { label: "Gestão de Redes Sociais", to: "/servicos#social-media" },
  { label: "Tráfego Pago", to: "/servicos#trafego-pago" },
  { label: "Criação de Sites", to: "/servicos#sites" },
  { label: "Vídeos Profissionais", to: "/servicos#videos" },
  { label: "Treinamento de Equipes", to: "/servicos#treinamento" },
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
