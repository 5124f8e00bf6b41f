// The video brand's page.
import type { IconName } from "~/components/site/icon";

export const windowFilms = {
  heroBadge: "PRODUTORA AUDIOVISUAL",
  heroTitle: "Vídeos que fazem a sua marca ser lembrada",
  heroText:
    "A Window Films é a produtora de vídeo parceira da Wind Digital: institucionais, comerciais, eventos e conteúdo para redes sociais com qualidade de cinema.",
  heroCta: "Solicitar orçamento",
  whyHeading: "Por que a Window Films?",
  why: [
    { title: "Qualidade de cinema", description: "Câmeras profissionais, lentes cinematográficas, iluminação e drone.", icon: "video" },
    { title: "Roteiro estratégico", description: "Cada vídeo nasce com um objetivo de negócio e uma mensagem clara.", icon: "target" },
    { title: "Edição ágil", description: "Entregas rápidas, com versões para cada rede social.", icon: "bolt" },
    { title: "Equipe experiente", description: "Diretores, cinegrafistas e editores com anos de mercado.", icon: "users" },
  ] satisfies { title: string; description: string; icon: IconName }[],
  stats: [
    { value: "+3500", label: "vídeos produzidos" },
    { value: "+250", label: "clientes" },
    { value: "+3", label: "anos de mercado" },
  ],
  portfolioHeading: "Nosso Portfólio",
  emptyPortfolio: "Nenhum projeto encontrado nesta categoria.",
  testimonialsHeading: "O que dizem nossos clientes",
  ctaHeading: "Vamos produzir o seu próximo vídeo?",
  ctaText: "Conte a sua ideia e receba um orçamento sem compromisso.",
  ctaButton: "Pedir orçamento pelo WhatsApp",
  quoteText: "Olá, vim do site da Window Films e gostaria de solicitar um orçamento de vídeo.",
};
