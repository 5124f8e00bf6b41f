// The home page's fixed copy: problems, attributes, ecosystem, methodology,
// reasons, statistics, testimonials and FAQ.
import type { IconName } from "~/components/site/icon";

export const hero = {
  badge: "A AGÊNCIA DAS MELHORES MARCAS",
  title: "Transformação Digital que entrega resultado",
  text: "Estratégia, tecnologia e inteligência artificial trabalhando juntas para a sua empresa vender mais, com processos que não dependem só do dono.",
  primaryCta: "Quero transformar minha empresa",
  primaryCtaText: "Olá, vim do site e quero transformar minha empresa com a Wind Digital",
  secondaryCta: "SOBRE NÓS",
  badges: ["Transformação em 90 dias", "Atendimento 24/7 com IA"],
  returnCard: { label: "Retorno total", value: "R$ 20 MI+" },
  ratingCard: { rating: "4.9", label: "+1.500 clientes" },
};

export interface Problem {
  title: string;
  description: string;
  result: string;
  icon: IconName;
}

export const problems: Problem[] = [
  {
    title: "Marketing amador",
    description: "Posts sem estratégia, feitos quando sobra tempo, sem identidade visual e sem objetivo claro.",
    result: "Resultado: sua marca parece menor do que realmente é.",
    icon: "megaphone",
  },
  {
    title: "Presença digital fraca",
    description: "Site desatualizado ou inexistente, perfil parado e pouca visibilidade no Google.",
    result: "Resultado: o cliente encontra o concorrente antes de você.",
    icon: "search",
  },
  {
    title: "Vendas dependem do dono",
    description: "Tudo passa por você: atendimento, negociação e fechamento. Sem você, nada anda.",
    result: "Resultado: a empresa não cresce além do seu limite de horas.",
    icon: "user",
  },
  {
    title: "Ações isoladas",
    description: "Um anúncio aqui, um post ali, uma promoção de vez em quando, sem integração entre os canais.",
    result: "Resultado: dinheiro investido sem retorno previsível.",
    icon: "puzzle",
  },
  {
    title: "Sem processos nem automação",
    description: "Leads anotados em papel, respostas demoradas e nenhum acompanhamento depois do primeiro contato.",
    result: "Resultado: oportunidades perdidas todos os dias.",
    icon: "gear",
  },
  {
    title: "Concorrente menor vende mais",
    description: "Empresas com menos estrutura e menos experiência aparecem mais e fecham mais negócios.",
    result: "Resultado: você perde mercado para quem se posiciona melhor.",
    icon: "trending-down",
  },
];

export const problemsConclusion = "Se você se identificou com 3 ou mais desses problemas, sua empresa precisa de uma transformação digital de verdade.";

export const attributes: string[] = [
  "Estratégia antes da execução",
  "Todos os canais trabalhando integrados",
  "Decisões baseadas em dados",
  "Processos comerciais documentados",
  "Automação e inteligência artificial no atendimento",
  "Equipe treinada para o digital",
  "Crescimento previsível e escalável",
];

export const ecosystem: { label: string; icon: IconName }[] = [
  { label: "Redes sociais", icon: "share" },
  { label: "Site profissional", icon: "monitor" },
  { label: "Tráfego pago", icon: "target" },
  { label: "Automações", icon: "gear" },
  { label: "Dados e análises", icon: "chart" },
  { label: "CRM e vendas", icon: "handshake" },
];

export interface Phase {
  number: number;
  title: string;
  description: string;
  items: string[];
  duration: string;
  delivery: string;
}

export const phases: Phase[] = [
  {
    number: 1,
    title: "Diagnóstico Estratégico",
    description: "Entendemos o seu negócio, o seu mercado e os seus números antes de propor qualquer ação.",
    items: ["Análise do posicionamento atual", "Estudo da concorrência", "Mapeamento do processo comercial"],
    duration: "1 semana",
    delivery: "Documento de diagnóstico completo",
  },
  {
    number: 2,
    title: "Fundação Digital",
    description: "Construímos a base profissional que a sua marca precisa para ser encontrada e lembrada.",
    items: ["Identidade e posicionamento", "Site profissional", "Perfis otimizados nas redes sociais"],
    duration: "3 a 4 semanas",
    delivery: "Presença digital profissional completa",
  },
  {
    number: 3,
    title: "Geração de Demanda",
    description: "Colocamos a sua empresa na frente das pessoas certas, todos os dias.",
    items: ["Campanhas de tráfego pago", "Conteúdo estratégico", "Captação de leads"],
    duration: "Contínuo, mês a mês",
    delivery: "Fluxo constante de leads qualificados",
  },
  {
    number: 4,
    title: "Conversão e Vendas",
    description: "Transformamos contatos em clientes com processos, automação e equipe preparada.",
    items: ["Agente de IA no atendimento", "CRM e funil de vendas", "Treinamento do time comercial"],
    duration: "Contínuo, com otimizações",
    delivery: "Taxa de conversão crescente",
  },
  {
    number: 5,
    title: "Crescimento Escalável",
    description: "Com dados e processos no lugar, ampliamos o que funciona para crescer com previsibilidade.",
    items: ["Análise mensal de indicadores", "Novos canais e mercados", "Escala das campanhas vencedoras"],
    duration: "Longo prazo",
    delivery: "Crescimento consistente mês a mês",
  },
];

export const reasons: { title: string; description: string; icon: IconName }[] = [
  { title: "10 anos de mercado", description: "Uma década ajudando empresas a crescer no digital.", icon: "award" },
  { title: "+1.500 clientes atendidos", description: "Experiência em dezenas de segmentos diferentes.", icon: "users" },
  { title: "Foco em resultado", description: "Metas claras, indicadores e relatórios transparentes.", icon: "target" },
  { title: "Tecnologia e IA", description: "Ferramentas modernas e inteligência artificial a favor das vendas.", icon: "bot" },
  { title: "Time multidisciplinar", description: "Estrategistas, designers, gestores de tráfego e desenvolvedores.", icon: "puzzle" },
  { title: "Atendimento próximo", description: "Um gestor dedicado e suporte de segunda a sexta, das 9h às 18h.", icon: "handshake" },
];

export const stats: { value: string; label: string }[] = [
  { value: "+1.500", label: "clientes atendidos" },
  { value: "R$ 20 MI+", label: "investidos em tráfego pago" },
  { value: "10 anos", label: "de mercado" },
  { value: "4.9", label: "de avaliação média" },
];

export interface Testimonial {
  name: string;
  role: string;
  content: string;
  rating: 5;
}

export const testimonials: Testimonial[] = [
  {
    name: "Mariana Alves",
    role: "Proprietária, Clínica Bem Estar",
    content: "Em seis meses a agenda da clínica lotou. O agente de IA responde os pacientes na hora e a equipe só cuida dos agendamentos confirmados.",
    rating: 5,
  },
  {
    name: "Ricardo Menezes",
    role: "Diretor Comercial, Menezes Materiais de Construção",
    content: "Saímos de ações soltas para um processo completo. Hoje sabemos exatamente quanto custa cada cliente e as vendas pelo digital triplicaram.",
    rating: 5,
  },
  {
    name: "Fernanda Costa",
    role: "CEO, Costa Moda Fitness",
    content: "O site novo e as campanhas no Instagram mudaram o patamar da marca. A equipe da Wind é próxima, rápida e muito estratégica.",
    rating: 5,
  },
];

export interface FaqEntry {
  question: string;
  answer: string;
}

export const faqHeading = "Dúvidas frequentes sobre Transformação Digital";

export const faq: FaqEntry[] = [
  {
    question: "Quanto custa uma transformação digital com a Wind Digital?",
    answer:
      "Os investimentos variam de R$ 5 mil a R$ 25 mil por mês, de acordo com o tamanho da empresa, os canais envolvidos e os objetivos. O valor exato é definido depois do diagnóstico gratuito.",
  },
  {
    question: "Em quanto tempo vejo os primeiros resultados?",
    answer:
      "Os primeiros resultados costumam aparecer entre 30 e 60 dias. A transformação completa, com processos, equipe e canais funcionando juntos, leva de 6 a 12 meses.",
  },
  {
    question: "Minha empresa tem o perfil ideal?",
    answer:
      "Atendemos principalmente pequenas e médias empresas. O cliente ideal fatura a partir de R$ 50 mil por mês e quer crescer com estratégia, e não apenas com ações isoladas.",
  },
  {
    question: "Como funciona o diagnóstico gratuito?",
    answer:
      "É uma reunião de 60 a 90 minutos em que analisamos a sua presença digital, o seu processo comercial e os seus números. Você sai com um plano de ação, mesmo que não feche conosco.",
  },
  {
    question: "Existe fidelidade ou contrato mínimo?",
    answer:
      "Recomendamos um contrato mínimo de 6 meses, tempo necessário para implantar a metodologia e medir resultados consistentes. Depois disso, é possível pausar com aviso prévio de 30 dias.",
  },
  {
    question: "Vocês atendem empresas fora de Goiânia?",
    answer: "Sim. Nossa sede fica em Goiânia, mas atendemos empresas de todo o Brasil de forma remota, com reuniões online e acompanhamento próximo.",
  },
  {
    question: "Preciso ter uma equipe de marketing?",
    answer:
      "Não. Nós assumimos a estratégia e a execução. Se você já tem uma equipe, trabalhamos juntos e treinamos o seu time para aproveitar melhor as ferramentas digitais.",
  },
];

export const diagnostic = {
  heading: "Pronto para transformar a sua empresa?",
  text: "Solicite um diagnóstico gratuito de 60 minutos. Nossa equipe responde em até 2 horas.",
  button: "Quero meu diagnóstico gratuito",
};
