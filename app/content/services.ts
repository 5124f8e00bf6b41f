// The six services. The video service answers on its own number.
import type { IconName } from "~/components/site/icon";

export interface Service {
  id: string;
  title: string;
  tagline: string;
  /** Short text for the home page card. */
  summary: string;
  description: string;
  details: [string, string, string, string, string];
  cta: string;
  icon: IconName;
  /** Which WhatsApp number of the site settings answers about this service. */
  phone: "salesPhone" | "videoPhone";
}

export const services: Service[] = [
  {
    id: "agente-ia",
    title: "Agente de IA Personalizado",
    tagline: "Atendimento inteligente 24 horas por dia, 7 dias por semana",
    summary: "Um assistente treinado com os dados da sua empresa que atende, qualifica e agenda sem pausa.",
    description:
      "Criamos um agente de inteligência artificial treinado com as informações do seu negócio para responder clientes no WhatsApp, no Instagram e no site, qualificar leads e encaminhar as oportunidades certas para o seu time comercial.",
    details: [
      "Atendimento automático no WhatsApp, Instagram e site",
      "Treinamento com os produtos, preços e políticas da sua empresa",
      "Qualificação de leads e agendamento de reuniões",
      "Integração com CRM e planilhas",
      "Relatórios mensais de conversas e conversões",
    ],
    cta: "Quero meu agente de IA",
    icon: "bot",
    phone: "salesPhone",
  },
  {
    id: "social-media",
    title: "Gestão de Redes Sociais",
    tagline: "Presença profissional e constante nas redes",
    summary: "Planejamento, criação e publicação de conteúdo que constrói autoridade e gera demanda.",
    description:
      "Cuidamos das redes sociais da sua marca de ponta a ponta: estratégia, calendário editorial, design, textos, publicação e análise de resultados, para que o seu perfil trabalhe a favor das vendas.",
    details: [
      "Planejamento estratégico e calendário editorial mensal",
      "Criação de posts, carrosséis, stories e reels",
      "Copywriting focado em engajamento e conversão",
      "Gestão de comunidade e respostas",
      "Relatórios de desempenho com recomendações",
    ],
    cta: "Quero redes sociais profissionais",
    icon: "share",
    phone: "salesPhone",
  },
  {
    id: "trafego-pago",
    title: "Tráfego Pago",
    tagline: "Anúncios no Google, Meta e TikTok que trazem clientes",
    summary: "Campanhas otimizadas todos os dias para gerar leads e vendas com o menor custo possível.",
    description:
      "Planejamos, criamos e otimizamos campanhas no Google Ads, Meta Ads (Facebook e Instagram) e TikTok Ads com foco em retorno sobre o investimento. Já são mais de R$ 20 milhões geridos em mídia paga.",
    details: [
      "Campanhas no Google Ads, Meta Ads e TikTok Ads",
      "Pesquisa de público, palavras-chave e concorrência",
      "Criativos e textos de anúncios testados continuamente",
      "Configuração de pixel, conversões e rastreamento",
      "Otimização diária e relatórios de ROI",
    ],
    cta: "Quero anunciar com resultado",
    icon: "target",
    phone: "salesPhone",
  },
  {
    id: "sites",
    title: "Criação de Sites",
    tagline: "Sites rápidos, bonitos e feitos para converter",
    summary: "Sites e landing pages responsivos, otimizados para o Google e prontos para vender.",
    description:
      "Desenvolvemos sites institucionais, landing pages e lojas virtuais com design profissional, carregamento rápido e estrutura pensada para transformar visitantes em contatos e vendas.",
    details: [
      "Design exclusivo e responsivo para celular",
      "Otimização para mecanismos de busca (SEO)",
      "Integração com WhatsApp, formulários e CRM",
      "Alta velocidade e segurança com certificado SSL",
      "Painel simples para atualizar o conteúdo",
    ],
    cta: "Quero um site profissional",
    icon: "monitor",
    phone: "salesPhone",
  },
  {
    id: "videos",
    title: "Vídeos Profissionais",
    tagline: "Produção audiovisual com a Window Films",
    summary: "Vídeos institucionais, comerciais e para redes sociais que contam a sua história.",
    description:
      "Com a Window Films, nossa produtora parceira, criamos vídeos institucionais, comerciais, cobertura de eventos e conteúdo para redes sociais, do roteiro à edição final.",
    details: [
      "Roteiro, captação e edição completos",
      "Vídeos institucionais e comerciais",
      "Cobertura de eventos",
      "Reels e conteúdo vertical para redes sociais",
      "Captação com drone e equipamentos de cinema",
    ],
    cta: "Quero um orçamento de vídeo",
    icon: "video",
    phone: "videoPhone",
  },
  {
    id: "treinamento",
    title: "Treinamento de Equipes",
    tagline: "Seu time preparado para vender mais com o digital",
    summary: "Capacitação prática em marketing, vendas e inteligência artificial para a sua equipe.",
    description:
      "Treinamos a sua equipe comercial e de marketing para usar as ferramentas digitais e a inteligência artificial no dia a dia, com processos claros de atendimento, prospecção e fechamento.",
    details: [
      "Diagnóstico das habilidades da equipe",
      "Treinamentos presenciais ou online",
      "Scripts de atendimento e vendas pelo WhatsApp",
      "Uso prático de ferramentas de IA",
      "Acompanhamento de indicadores após o treinamento",
    ],
    cta: "Quero treinar minha equipe",
    icon: "users",
    phone: "salesPhone",
  },
];

/** The prefilled WhatsApp text of a service card. */
export function serviceInterestText(serviceTitle: string): string {
  return `Olá, vim do site e quero saber mais sobre ${serviceTitle}`;
}
