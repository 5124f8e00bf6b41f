// LED panels in Goiânia (led_panels). Titles with "Panel 01", "Panel 08" and "Panel 14" are the
// featured ones on /led-panels.
import { demoDate, demoId } from "./ids.ts";
import type { Prisma } from "../../../app/generated/prisma-sqlite/client.ts";

interface PanelFacts {
  location: string;
  district: string;
  primaryFlow: string;
  reach: string;
  flow: string;
  description: string;
}

const panels: PanelFacts[] = [
  {
    location: "Av. T-63 com Av. T-4",
    district: "Setor Bueno",
    primaryFlow: "Av. T-63, sentido Av. 85",
    reach: "1,2 milhão de impactos/mês",
    flow: "52 mil veículos/dia",
    description:
      "Painel de 18 m² no cruzamento mais movimentado do Setor Bueno, visível para quem segue em direção à Av. 85 e ao Parque Vaca Brava. Funciona das 6h à meia-noite.",
  },
  {
    location: "Av. 85 com Av. T-10",
    district: "Setor Marista",
    primaryFlow: "Av. 85, sentido Praça do Ratinho",
    reach: "980 mil impactos/mês",
    flow: "44 mil veículos/dia",
    description: "Face dupla em frente ao polo gastronômico do Marista, com grande fluxo de carros e pedestres no fim da tarde e à noite.",
  },
  {
    location: "Av. Jamel Cecílio, próximo ao Shopping Flamboyant",
    district: "Jardim Goiás",
    primaryFlow: "Av. Jamel Cecílio, sentido Shopping Flamboyant",
    reach: "1,1 milhão de impactos/mês",
    flow: "48 mil veículos/dia",
    description:
      "Ponto estratégico para marcas de consumo e varejo: o painel fala com quem chega ao principal shopping da cidade e aos condomínios do Jardim Goiás.",
  },
  {
    location: "Av. Castelo Branco com Av. Independência",
    district: "Setor Coimbra",
    primaryFlow: "Av. Castelo Branco, sentido Centro",
    reach: "860 mil impactos/mês",
    flow: "39 mil veículos/dia",
    description: "Eixo de ligação entre a região oeste e o Centro, com trânsito intenso nos horários de pico e semáforo longo em frente à tela.",
  },
  {
    location: "Av. Anhanguera, Praça A",
    district: "Setor Campinas",
    primaryFlow: "Av. Anhanguera, sentido Campinas",
    reach: "1,4 milhão de impactos/mês",
    flow: "61 mil pessoas/dia",
    description:
      "No coração comercial de Campinas, junto ao corredor do Eixo Anhanguera: alcança motoristas, passageiros do transporte coletivo e pedestres das lojas da região.",
  },
  {
    location: "Av. Goiás com Av. Paranaíba",
    district: "Centro",
    primaryFlow: "Av. Goiás, sentido Praça Cívica",
    reach: "920 mil impactos/mês",
    flow: "55 mil pessoas/dia",
    description:
      "Painel vertical no Centro histórico, em frente aos calçadões, com público de trabalhadores, estudantes e servidores públicos durante todo o dia.",
  },
  {
    location: "Av. República do Líbano com Av. Assis Chateaubriand",
    district: "Setor Oeste",
    primaryFlow: "Av. República do Líbano, sentido Setor Oeste",
    reach: "740 mil impactos/mês",
    flow: "33 mil veículos/dia",
    description: "Região de clínicas, consultórios e escritórios de alto padrão: ideal para saúde, serviços profissionais e imóveis.",
  },
  {
    location: "Marginal Botafogo, altura da Av. Independência",
    district: "Setor Leste Universitário",
    primaryFlow: "Marginal Botafogo, sentido Norte",
    reach: "1,6 milhão de impactos/mês",
    flow: "70 mil veículos/dia",
    description:
      "O maior fluxo da nossa rede: tela de 24 m² na via expressa que corta Goiânia de norte a sul, vista em velocidade reduzida nos horários de pico.",
  },
  {
    location: "Praça Tamandaré",
    district: "Setor Oeste",
    primaryFlow: "Av. República do Líbano, sentido Praça Tamandaré",
    reach: "680 mil impactos/mês",
    flow: "29 mil veículos/dia",
    description: "Painel na rotatória da Praça Tamandaré, cercada de bares, restaurantes e academias, com movimento forte também aos fins de semana.",
  },
  {
    location: "Av. T-9 com Av. T-15",
    district: "Jardim América",
    primaryFlow: "Av. T-9, sentido Setor Bueno",
    reach: "890 mil impactos/mês",
    flow: "41 mil veículos/dia",
    description: "Corredor residencial e comercial do Jardim América, com escolas, supermercados e concessionárias ao longo da via.",
  },
  {
    location: "Av. Perimetral Norte, próximo ao Terminal Recanto do Bosque",
    district: "Região Noroeste",
    primaryFlow: "Av. Perimetral Norte, sentido Setor Urias Magalhães",
    reach: "780 mil impactos/mês",
    flow: "37 mil veículos/dia",
    description: "Fala com a região que mais cresce em Goiânia, com forte presença de comércio de bairro e do público que usa o terminal de ônibus.",
  },
  {
    location: "Av. Mutirão com Av. T-7",
    district: "Setor Bueno",
    primaryFlow: "Av. Mutirão, sentido Av. T-7",
    reach: "650 mil impactos/mês",
    flow: "30 mil veículos/dia",
    description: "Próximo a academias, escolas de idiomas e ao comércio da Av. T-7, com público jovem e de classe média alta.",
  },
  {
    location: "Av. Rio Verde com Av. São Paulo",
    district: "Aparecida de Goiânia",
    primaryFlow: "Av. Rio Verde, sentido Goiânia",
    reach: "1,3 milhão de impactos/mês",
    flow: "58 mil veículos/dia",
    description:
      "Na principal avenida de ligação entre Aparecida de Goiânia e a capital, em frente ao Buriti Shopping, com congestionamento diário nos dois sentidos.",
  },
  {
    location: "GO-020, saída para Bela Vista",
    district: "Jardim Goiás",
    primaryFlow: "GO-020, sentido Goiânia",
    reach: "1,5 milhão de impactos/mês",
    flow: "64 mil veículos/dia",
    description: "Entrada da cidade pela GO-020, perto dos condomínios horizontais de alto padrão: o painel é a primeira mensagem de quem volta para casa.",
  },
  {
    location: "Av. Portugal com Rua 1.128",
    district: "Setor Marista",
    primaryFlow: "Av. Portugal, sentido Av. 85",
    reach: "610 mil impactos/mês",
    flow: "27 mil veículos/dia",
    description: "Via de acesso ao Marista com lojas de decoração e arquitetura, ótima para marcas de casa, moda e bem-estar.",
  },
];

export const ledPanels: Prisma.LedPanelCreateInput[] = panels.map((p, i) => {
  const number = String(i + 1).padStart(2, "0");
  return {
    id: demoId(`led-panel-${number}`),
    title: `Panel ${number} – ${p.location}, ${p.district}`,
    description: p.description,
    primaryFlow: p.primaryFlow,
    reach: p.reach,
    flow: p.flow,
    photo: `/demo/led/panel-${number}.webp`,
    createdAt: demoDate(86 + i),
  };
});

/** What the generated photo of each panel shows. */
export const ledPanelPictures = panels.map((p, i) => ({
  file: `led/panel-${String(i + 1).padStart(2, "0")}.webp`,
  number: String(i + 1).padStart(2, "0"),
  location: p.location,
  district: p.district,
}));
