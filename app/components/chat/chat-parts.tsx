// The chat panel's presentational pieces, shared by the server-rendered (no-JavaScript) widget
// and the interactive one.
import type { ReactNode, Ref } from "react";
import type { ChatMessage } from "~/lib/chat/texts";
import { ASSISTANT_NAME, CLOSED_STORAGE_KEY, GREETING, ONLINE_STATUS, WHATSAPP_BUTTON, WHATSAPP_TEXT } from "~/lib/chat/texts";
import { useSiteSettings } from "~/lib/site-settings";
import { useWhatsAppLink } from "~/lib/whatsapp";
import { MessageText } from "./message-text";

export const PANEL_ID = "chat";

/** A close lasts for the rest of the visit (the server-rendered widget reads it before its first paint). */
export function rememberClosed(closed: boolean) {
  try {
    if (closed) sessionStorage.setItem(CLOSED_STORAGE_KEY, "1");
    else sessionStorage.removeItem(CLOSED_STORAGE_KEY);
  } catch {
    // storage unavailable (privacy mode): the choice lasts until the page reloads
  }
}

/** Marks the element around the launcher and the panel: the cookie notice gives it its height. */
export const CHAT_DOCK_ATTRIBUTE = "data-chat-dock";
export const TITLE_ID = "chat-titulo";

/**
 * Phones: a full-width bottom sheet half the screen tall, so the page above stays usable; a fixed
 * height, so that neither a late web font nor a new message moves its top edge (a layout shift).
 * Desktop: 384 × 600 bottom right.
 * Both sit above the cookie notice while it is shown: --cookie-notice-h is its height (see
 * cookie-notice.tsx), 0 once the visitor has chosen. They are lifted by a translation rather than
 * placed with `bottom`: the notice measures itself after the first paint, and a translated element
 * that moves is not a layout shift for the browser (nor for the visitor's Core Web Vitals).
 */
export const panelClass =
  "fixed inset-x-0 bottom-0 z-50 flex translate-y-[calc(-1*var(--cookie-notice-h,0px))] h-[min(50dvh,calc(100dvh-var(--cookie-notice-h,0px)-10rem))] min-h-0 flex-col overflow-hidden rounded-t-2xl border border-slate-200 bg-white text-slate-800 shadow-[0_-8px_40px_-8px_rgba(11,31,58,0.35)] " +
  "sm:inset-x-auto sm:right-6 sm:bottom-6 sm:h-[600px] sm:max-h-[calc(100dvh-var(--cookie-notice-h,0px)-7rem)] sm:w-96 sm:rounded-2xl sm:shadow-2xl";

export const launcherClass =
  "fixed right-4 bottom-4 z-50 h-14 w-14 translate-y-[calc(-1*var(--cookie-notice-h,0px))] items-center justify-center rounded-full bg-brand-600 text-white shadow-lg " +
  "transition hover:bg-brand-700 sm:right-6 sm:bottom-6";

/** On phones the suggestions scroll sideways in one row, leaving room for the conversation. */
export const suggestionsClass = "-mx-3 flex gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0";

export const suggestionClass =
  "shrink-0 whitespace-nowrap rounded-full border border-brand-100 bg-brand-50 px-3 py-1.5 text-left text-sm font-medium text-brand-700 transition hover:border-brand-500 hover:bg-white";

export const inputClass =
  "min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2.5 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 disabled:bg-slate-100";

export const sendClass =
  "flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50";

export function ChatHeader({ closeControl }: { closeControl: ReactNode }) {
  return (
    <div className="flex items-center gap-3 bg-ink px-4 py-3 text-white">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600" aria-hidden="true">
        <BotIcon />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={TITLE_ID} className="truncate text-base font-semibold">
          {ASSISTANT_NAME}
        </h2>
        <p className="flex items-center gap-1.5 text-xs text-slate-200">
          <span className="h-2 w-2 rounded-full bg-whatsapp" aria-hidden="true" />
          {ONLINE_STATUS}
        </p>
      </div>
      {closeControl}
    </div>
  );
}

export const closeClass = "flex h-9 w-9 items-center justify-center rounded-full text-slate-200 transition hover:bg-white/10 hover:text-white";

/**
 * The conversation, newest at the bottom. The scroll box is a reversed column, so it starts
 * (and stays) scrolled to the newest message even without JavaScript.
 */
export function MessageList({ messages, pending = false, scrollRef }: { messages: ChatMessage[]; pending?: boolean; scrollRef?: Ref<HTMLDivElement> }) {
  return (
    <div ref={scrollRef} className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto overscroll-contain bg-slate-50 px-4 py-4">
      {/* mb-auto: a short conversation starts at the top of the box instead of under empty space. */}
      <div role="log" aria-live="polite" aria-label="Conversa com o assistente" className="mb-auto flex flex-col gap-3">
        <Bubble message={{ role: "assistant", content: GREETING }} />
        {messages.map((message, index) => (
          <Bubble key={index} message={message} />
        ))}
        {pending ? <TypingIndicator /> : null}
      </div>
    </div>
  );
}

function Bubble({ message }: { message: ChatMessage }) {
  const mine = message.role === "user";
  return (
    <div className={mine ? "flex justify-end" : "flex justify-start"} data-role={message.role}>
      <p
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-line ${
          mine ? "rounded-br-md bg-brand-600 text-white" : "rounded-bl-md border border-slate-200 bg-white text-slate-800"
        }`}
      >
        {message.author ? (
          // A staff member's reply (the conversation was taken over): their name, not the assistant's.
          <span className="mb-0.5 block text-xs font-semibold text-brand-700">{message.author}</span>
        ) : (
          <span className="sr-only">{mine ? "Você: " : "Assistente: "}</span>
        )}
        <MessageText text={message.content} />
      </p>
    </div>
  );
}

function TypingIndicator() {
  return (
    <div className="flex justify-start" data-testid="chat-typing">
      <p className="flex items-center gap-1 rounded-2xl rounded-bl-md border border-slate-200 bg-white px-4 py-3">
        <span className="sr-only">O assistente está digitando...</span>
        <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.3s]" aria-hidden="true" />
        <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.15s]" aria-hidden="true" />
        <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400" aria-hidden="true" />
      </p>
    </div>
  );
}

export function WhatsAppButton() {
  const { salesPhone } = useSiteSettings();
  const link = useWhatsAppLink(WHATSAPP_TEXT, salesPhone, "chat");
  return (
    <a
      {...link}
      className="flex items-center justify-center gap-2 rounded-full bg-whatsapp-dark px-4 py-2.5 text-sm font-semibold text-white transition hover:bg-whatsapp"
    >
      <WhatsAppIcon />
      {WHATSAPP_BUTTON}
    </a>
  );
}

export function ChatBubbleIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      <path strokeLinecap="round" d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

export function SendIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d="M4 12 20 4l-6 16-3-7-7-1Z" />
    </svg>
  );
}

function BotIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="4" y="8" width="16" height="12" rx="3" />
      <path strokeLinecap="round" d="M12 4v4M9 13h.01M15 13h.01M9.5 16.5h5" />
    </svg>
  );
}

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.7 11.7 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
    </svg>
  );
}
