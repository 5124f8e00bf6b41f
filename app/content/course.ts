// The course landing page.
import type { IconName } from "~/components/site/icon";

export const course = {
  badge: "Próxima Turma em Breve",
  title: "IA + Marketing + Vendas na Prática",
  text: "Aprenda a gravar, anunciar e vender com inteligência artificial, do celular ao fechamento, em um curso 100% prático com aulas presenciais.",
  cta: "Quero participar do curso",
  ctaText: "Olá, vim do site e quero participar do curso IA + Marketing + Vendas na Prática",
  modulesHeading: "O que você vai aprender",
  modules: [
    {
      number: 1,
      title: "Captação e edição com IA",
      description: "Grave vídeos profissionais com câmera ou celular e edite em minutos com ferramentas de inteligência artificial.",
      icon: "video",
    },
    {
      number: 2,
      title: "Tráfego pago com IA",
      description: "Crie e otimize anúncios no Meta Ads e no Google Ads usando IA para público, criativos e textos.",
      icon: "target",
    },
    {
      number: 3,
      title: "Vendas com vídeos, anúncios e copy",
      description: "Transforme atenção em vendas com roteiros, copy persuasiva e funis que convertem.",
      icon: "chart",
    },
  ] satisfies { number: number; title: string; description: string; icon: IconName }[],
  differentialsHeading: "Diferenciais do curso",
  differentials: [
    { title: "100% prático", description: "Você aplica cada aula no seu próprio negócio.", icon: "bolt" },
    { title: "Certificado incluso", description: "Certificado de conclusão emitido pela Wind Digital.", icon: "award" },
    { title: "Acompanhamento direto", description: "Aulas presenciais e suporte direto com os professores.", icon: "users" },
    { title: "Ferramentas prontas", description: "Modelos, prompts e roteiros para usar no mesmo dia.", icon: "gear" },
  ] satisfies { title: string; description: string; icon: IconName }[],
  audienceHeading: "Para Quem é Este Curso",
  audience: [
    { title: "Empreendedores", description: "Que querem vender mais sem depender de agências para tudo." },
    { title: "Profissionais liberais", description: "Que precisam atrair clientes com autoridade nas redes." },
    { title: "Vendedores", description: "Que querem usar vídeo e IA para prospectar e fechar mais." },
    { title: "Criadores de conteúdo", description: "Que desejam produzir mais rápido e monetizar melhor." },
  ],
  testimonialsHeading: "Depoimentos de alunos",
  closingHeading: "Garanta a sua vaga na próxima turma",
  closingText: "As vagas são limitadas para manter o acompanhamento próximo. Fale com a nossa equipe e saiba as datas.",
};
