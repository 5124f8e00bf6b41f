// The built-in responder used when CHAT_WEBHOOK_URL is not set: answers from the site's own
// content (FAQ, services, course, and the contact facts of the site settings) by matching Portuguese words without regard to
// accents or case, and otherwise invites the visitor to talk to a person on WhatsApp.
import { course } from "~/content/course";
import { faq } from "~/content/home";
import { services, serviceInterestText, type Service } from "~/content/services";
import { site } from "~/content/site";
import type { SiteSettings } from "~/lib/site-settings";
import { whatsappUrl } from "~/lib/whatsapp";

interface Topic {
  /** Words (exact), word prefixes ("preco*") or phrases ("quanto custa"), written without accents. */
  keywords: string[];
  answer: (settings: SiteSettings) => string;
}

/** Lowercase, without accents, words separated by single spaces. */
export function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

function faqAnswer(questionWords: string): string {
  const entry = faq.find((item) => normalize(item.question).includes(questionWords));
  if (!entry) throw new Error(`FAQ entry about "${questionWords}" is missing`);
  return entry.answer;
}

function service(id: string): Service {
  const found = services.find((item) => item.id === id);
  if (!found) throw new Error(`service "${id}" is missing`);
  return found;
}

function serviceAnswer(id: string, settings: SiteSettings): string {
  const item = service(id);
  return [
    `${item.title}: ${item.description}`,
    "",
    ...item.details.map((detail) => `• ${detail}`),
    "",
    `Quer conversar sobre isso com o nosso time? ${whatsappUrl(serviceInterestText(item.title), settings[item.phone])}`,
  ].join("\n");
}

const salesLink = (settings: SiteSettings) => whatsappUrl("Olá, vim do chat do site e tenho uma dúvida", settings.salesPhone);

const topics: Topic[] = [
  {
    keywords: [
      "preco*",
      "valor",
      "valores",
      "custa",
      "custo*",
      "investimento",
      "investir",
      "orcamento*",
      "mensalidade",
      "ticket",
      "caro",
      "barato",
      "pagar",
      "plano*",
    ],
    answer: (s) => `${faqAnswer("quanto custa")}\n\nPara um orçamento sob medida, fale com o nosso time: ${salesLink(s)}`,
  },
  {
    keywords: ["prazo*", "demora*", "tempo", "quando", "resultado*", "dias", "meses", "rapido"],
    answer: () => faqAnswer("primeiros resultados"),
  },
  {
    keywords: ["curso*", "aula*", "aprender", "turma*", "certificado", "alunos", "aluno", "estudar", "inscricao", "inscrever", "vaga*"],
    answer: (s) =>
      [
        `Nosso curso "${course.title}" (${course.badge}): ${course.text}`,
        "",
        ...course.modules.map((module) => `${module.number}. ${module.title}`),
        "",
        `Diferenciais: ${course.differentials.map((item) => item.title).join(", ")}.`,
        `Quer participar? ${whatsappUrl(course.ctaText, s.salesPhone)}`,
      ].join("\n"),
  },
  {
    keywords: [
      "contato",
      "contatar",
      "telefone",
      "fone",
      "ligar",
      "email",
      "e mail",
      "whatsapp",
      "zap",
      "endereco",
      "horario*",
      "atendimento",
      "falar com",
      "vendedor",
      "humano",
      "pessoa",
    ],
    answer: (s) =>
      [
        "Você pode falar com a gente por estes canais:",
        `• WhatsApp: ${s.salesPhoneDisplay} (${whatsappUrl(undefined, s.salesPhone)})`,
        `• E-mail: ${s.email}`,
        `• Endereço: ${s.address.street}, ${s.address.city} - ${s.address.state}`,
        `• Horário de atendimento: ${s.hours}`,
      ].join("\n"),
  },
  {
    keywords: ["goiania", "onde", "cidade", "brasil", "remoto", "remota", "online", "presencial", "fica*", "localiza*", "sede"],
    answer: (s) => `${faqAnswer("fora de goiania")}\nEndereço: ${s.address.street}, ${s.address.city} - ${s.address.state}.`,
  },
  {
    keywords: ["diagnostico", "reuniao", "consultoria", "gratuito", "gratis", "avaliacao", "analise"],
    answer: (s) =>
      `${faqAnswer("diagnostico gratuito")}\n\nAgende pelo WhatsApp: ${whatsappUrl("Olá, vim do chat do site e quero agendar o diagnóstico gratuito", s.salesPhone)}`,
  },
  {
    keywords: ["contrato*", "fidelidade", "minimo", "cancelar", "cancelamento", "pausar", "multa"],
    answer: () => faqAnswer("contrato minimo"),
  },
  {
    keywords: ["perfil", "porte", "fatura*", "faturamento", "pequena", "media", "tamanho"],
    answer: () => faqAnswer("perfil ideal"),
  },
  {
    keywords: ["equipe de marketing", "time de marketing", "marketing interno"],
    answer: () => faqAnswer("equipe de marketing"),
  },
  {
    keywords: ["ia", "inteligencia", "agente*", "chatbot", "bot", "robo", "automacao", "automatizar", "automatico", "gpt", "chatgpt"],
    answer: (s) => serviceAnswer("agente-ia", s),
  },
  {
    keywords: ["instagram", "rede*", "social", "sociais", "post*", "conteudo*", "seguidores", "engajamento", "stories", "reels", "facebook"],
    answer: (s) => serviceAnswer("social-media", s),
  },
  {
    keywords: ["trafego", "anuncio*", "ads", "google", "meta", "tiktok", "campanha*", "vendas", "vender", "venda", "leads", "clientes"],
    answer: (s) => serviceAnswer("trafego-pago", s),
  },
  {
    keywords: ["site*", "landing", "pagina", "loja", "ecommerce", "seo"],
    answer: (s) => serviceAnswer("sites", s),
  },
  {
    keywords: ["video*", "filma*", "gravacao", "gravar", "drone", "window", "films", "audiovisual", "institucional"],
    answer: (s) => serviceAnswer("videos", s),
  },
  {
    keywords: ["treinamento*", "treinar", "capacitacao", "capacitar", "equipe", "time"],
    answer: (s) => serviceAnswer("treinamento", s),
  },
  {
    keywords: ["led", "painel", "paineis", "outdoor", "telao"],
    answer: (s) =>
      `Temos painéis de LED para publicidade em pontos de grande fluxo. Veja os painéis disponíveis, com fluxo e alcance de cada um, na página Painéis LED do site, ou peça uma proposta: ${whatsappUrl("Olá, vim do chat do site e quero anunciar nos painéis de LED", s.salesPhone)}`,
  },
  {
    keywords: ["servico*", "fazem", "oferecem", "trabalham"],
    answer: () =>
      [`A ${site.brandName} oferece:`, ...services.map((item) => `• ${item.title}: ${item.tagline}`), "", "Sobre qual deles você quer saber mais?"].join("\n"),
  },
  {
    keywords: ["oi", "ola", "bom dia", "boa tarde", "boa noite", "hey", "eai", "e ai", "tudo bem"],
    answer: () =>
      `Olá! Posso contar sobre os nossos serviços (IA, redes sociais, tráfego pago, sites, vídeos e treinamentos), preços, prazos, o curso e como falar com o nosso time. O que você gostaria de saber?`,
  },
];

export const FALLBACK_REPLY = (s: SiteSettings) =>
  `Não tenho certeza se entendi. Para essa dúvida, o melhor é falar com o nosso time pelo WhatsApp, no número ${s.salesPhoneDisplay}: ${salesLink(s)}`;

function matches(keyword: string, words: string[], text: string): boolean {
  if (keyword.includes(" ")) return text.includes(` ${keyword} `);
  if (keyword.endsWith("*")) {
    const prefix = keyword.slice(0, -1);
    return words.some((word) => word.startsWith(prefix));
  }
  return words.includes(keyword);
}

/** The best answer from the site's content, or the invitation to WhatsApp. */
export function offlineReply(message: string, settings: SiteSettings): string {
  const normalized = normalize(message);
  const words = normalized.split(" ");
  const text = ` ${normalized} `;
  let best: Topic | null = null;
  let bestScore = 0;
  for (const topic of topics) {
    const score = topic.keywords.filter((keyword) => matches(keyword, words, text)).length;
    if (score > bestScore) {
      best = topic;
      bestScore = score;
    }
  }
  return best ? best.answer(settings) : FALLBACK_REPLY(settings);
}
