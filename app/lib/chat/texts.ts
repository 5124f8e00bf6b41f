// The chat's fixed texts and limits, shared by the widget (browser) and the chat route (server).
import { site } from "~/content/site";

export const ASSISTANT_NAME = `Assistente ${site.brandName}`;
export const ONLINE_STATUS = "Online agora";
export const GREETING = `Olá! Sou o assistente digital da ${site.brandName}. Como posso ajudar você hoje?`;
export const INPUT_PLACEHOLDER = "Digite sua mensagem...";
export const WHATSAPP_BUTTON = "Falar com vendedor no WhatsApp";
export const WHATSAPP_TEXT = "Olá, vim do chat do site e quero falar com um vendedor";

export const QUICK_SUGGESTIONS = ["Quero um site", "Preciso melhorar meu Instagram", "Como funciona a IA?", "Quero aumentar vendas"] as const;

/** What the visitor reads when the chat fails, by cause. */
export const REPLY_ERROR = "Desculpe, ocorreu um erro. Tente novamente.";
export const REPLY_MISSING = "Desculpe, não consegui processar sua mensagem.";

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_EMPTY = "Digite uma mensagem para enviar.";
export const MESSAGE_TOO_LONG = `A mensagem pode ter no máximo ${MESSAGE_MAX_LENGTH} caracteres.`;
export const RATE_LIMITED = "Você enviou muitas mensagens em pouco tempo. Aguarde um minuto e tente novamente.";

/** Keeps the widget's local "closed" choice for the rest of the visit. */
export const CLOSED_STORAGE_KEY = "chatClosed";
/** The window event that opens the chat from anywhere. */
export const OPEN_EVENT = "openAIChat";

export type ChatMessage = {
  role: "assistant" | "user";
  content: string;
  /** A staff member's reply in a conversation they took over: "Ana, da equipe Wind Digital". */
  author?: string;
};

/** How the visitor's chat names a staff member who answers: their first name and the agency. */
export function staffAuthor(firstName: string): string {
  return `${firstName}, da equipe ${site.brandName}`;
}
