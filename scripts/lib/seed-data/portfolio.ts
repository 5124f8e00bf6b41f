// Portfolio cases (portfolio_items): every category of the public filter has at least one.
import { demoDate, demoId } from "./ids.ts";
import type { Prisma } from "../../../app/generated/prisma-sqlite/client.ts";

export const portfolioItems: Prisma.PortfolioItemCreateInput[] = [
  {
    id: demoId("portfolio-01"),
    title: "Agente de IA no WhatsApp da Clínica Vitallis",
    category: "IA",
    description:
      "Criamos um agente de inteligência artificial que responde pacientes 24 horas por dia no WhatsApp, tira dúvidas sobre convênios e procedimentos e agenda consultas direto na agenda da clínica.",
    result: "72% dos agendamentos feitos sem atendente e tempo de resposta de 4 horas para 40 segundos.",
    coverImage: "/demo/portfolio/agente-ia-vitallis.webp",
    images: ["/demo/portfolio/agente-ia-vitallis.webp", "/demo/portfolio/agente-ia-vitallis-2.webp"],
    videos: [],
    createdAt: demoDate(3),
  },
  {
    id: demoId("portfolio-02"),
    title: "Gestão de redes sociais da Pequi Burger",
    category: "Social Media",
    description:
      "Planejamento editorial, produção de Reels e stories diários e gestão da comunidade das três unidades da hamburgueria em Goiânia, com campanhas sazonais e parcerias com criadores locais.",
    result: "+38 mil seguidores em 6 meses e pedidos pelo Instagram 2,4 vezes maiores.",
    coverImage: "/demo/portfolio/social-pequi-burger.webp",
    images: ["/demo/portfolio/social-pequi-burger.webp", "/demo/portfolio/social-pequi-burger-2.webp"],
    videos: ["/demo/videos/vertical-pequi-burger.mp4"],
    createdAt: demoDate(12),
  },
  {
    id: demoId("portfolio-03"),
    title: "Novo site e loja virtual da Jatobá Móveis",
    category: "Sites",
    description:
      "Site rápido e responsivo com catálogo de 1.200 produtos, simulador de ambientes, integração com o ERP da loja e checkout com Pix e parcelamento em até 12 vezes.",
    result: "Vendas online 3,1 vezes maiores e taxa de conversão de 0,6% para 2,3%.",
    coverImage: "/demo/portfolio/site-jatoba-moveis.webp",
    images: ["/demo/portfolio/site-jatoba-moveis.webp", "/demo/portfolio/site-jatoba-moveis-2.webp"],
    videos: [],
    createdAt: demoDate(21),
  },
  {
    id: demoId("portfolio-04"),
    title: "Filme institucional da Serra Dourada Engenharia",
    category: "Vídeos",
    description:
      "Roteiro, captação com drone e edição de um filme institucional de 90 segundos e de cortes verticais para as redes, apresentando as obras e a equipe da construtora.",
    result: "420 mil visualizações orgânicas e 1.900 visitas ao decorado no mês do lançamento.",
    coverImage: "/demo/videos/institucional-serra-dourada.mp4",
    images: ["/demo/portfolio/video-serra-dourada.webp", "/demo/portfolio/video-serra-dourada-2.webp"],
    videos: ["/demo/videos/institucional-serra-dourada.mp4", "/demo/videos/vertical-serra-dourada.mp4"],
    createdAt: demoDate(30),
  },
  {
    id: demoId("portfolio-05"),
    title: "Tráfego pago para a Araguaia Imóveis",
    category: "Tráfego",
    description:
      "Campanhas no Meta Ads e no Google Ads segmentadas por bairro e faixa de renda, com páginas de captura por empreendimento e leads entregues em tempo real ao CRM dos corretores.",
    result: "Custo por lead 54% menor e 126 contratos assinados em um semestre.",
    coverImage: "/demo/portfolio/trafego-araguaia.webp",
    images: ["/demo/portfolio/trafego-araguaia.webp", "/demo/portfolio/trafego-araguaia-2.webp"],
    videos: [],
    createdAt: demoDate(41),
  },
  {
    id: demoId("portfolio-06"),
    title: "Assistente de vendas com IA da Oeste Agro",
    category: "IA",
    description:
      "Um assistente treinado com o catálogo de sementes e defensivos da revenda qualifica produtores rurais, monta orçamentos e passa o cliente pronto para o vendedor da região.",
    result: "3 vezes mais orçamentos por vendedor e R$ 4,2 milhões em pedidos na primeira safra.",
    coverImage: "/demo/portfolio/ia-oeste-agro.webp",
    images: ["/demo/portfolio/ia-oeste-agro.webp", "/demo/portfolio/ia-oeste-agro-2.webp"],
    videos: [],
    createdAt: demoDate(55),
  },
  {
    id: demoId("portfolio-07"),
    title: "Lançamento digital da Nativa Cosméticos",
    category: "Social Media",
    description:
      "Estratégia de lançamento da nova linha de skincare com influenciadoras goianas, conteúdo educativo em carrossel e lives de demonstração com cupons exclusivos.",
    result: "Estoque do lançamento esgotado em 9 dias e engajamento médio de 7,8%.",
    coverImage: "/demo/portfolio/social-nativa.webp",
    images: ["/demo/portfolio/social-nativa.webp", "/demo/portfolio/social-nativa-2.webp"],
    videos: [],
    createdAt: demoDate(68),
  },
  {
    id: demoId("portfolio-08"),
    title: "Google Ads e site de conversão da Buriti Odontologia",
    category: "Tráfego",
    description:
      "Campanhas de pesquisa para implantes e ortodontia, uma página de conversão por especialidade e acompanhamento de cada ligação e mensagem até a consulta marcada.",
    result: "De 35 para 160 avaliações agendadas por mês, com retorno de 9 vezes o investimento.",
    coverImage: "/demo/portfolio/trafego-buriti.webp",
    images: ["/demo/portfolio/trafego-buriti.webp", "/demo/portfolio/trafego-buriti-2.webp"],
    videos: [],
    createdAt: demoDate(80),
  },
];
