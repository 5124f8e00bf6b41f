// The floating chat assistant. The server renders a complete no-JavaScript widget: a real form
// posting to /api/chat, quick suggestions as submit buttons, and open/close with plain links and
// CSS :target. After hydration the interactive widget's code (a chunk of its own) is loaded, and
// the interactive widget takes over, carrying over what the visitor typed meanwhile. Until then,
// and for good if the chunk cannot load, the server-rendered widget stays mounted as it is (it is
// never mounted again, which would empty a field the visitor is typing into).
import { useEffect, useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import { HoneypotField } from "~/components/ui/honeypot";
import type { ChatState } from "~/lib/chat/state.server";
import { CLOSED_STORAGE_KEY, INPUT_PLACEHOLDER, MESSAGE_MAX_LENGTH, OPEN_EVENT, QUICK_SUGGESTIONS } from "~/lib/chat/texts";
import { useNonce } from "~/lib/nonce";
import {
  CHAT_DOCK_ATTRIBUTE,
  ChatBubbleIcon,
  ChatHeader,
  CloseIcon,
  closeClass,
  inputClass,
  launcherClass,
  MessageList,
  PANEL_ID,
  panelClass,
  SendIcon,
  sendClass,
  suggestionClass,
  suggestionsClass,
  TITLE_ID,
  WhatsAppButton,
} from "./chat-parts";
import type { ChatLiveProps } from "./chat-live";

export function ChatWidget({ state }: { state: ChatState }) {
  const [ChatLive, setChatLive] = useState<ComponentType<ChatLiveProps> | null>(null);
  const [openRequested, setOpenRequested] = useState(false);
  useEffect(() => {
    let mounted = true;
    import("./chat-live").then(
      (module) => mounted && setChatLive(() => module.default),
      (error: unknown) => console.error("Chat widget failed to load", error),
    );
    const onOpen = () => setOpenRequested(true);
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => {
      mounted = false;
      window.removeEventListener(OPEN_EVENT, onOpen);
    };
  }, []);
  const location = useLocation();
  return (
    <div {...{ [CHAT_DOCK_ATTRIBUTE]: "" }}>
      {ChatLive ? (
        <ChatLive initialMessages={state.messages} openRequested={openRequested} />
      ) : (
        <StaticChat state={state} redirectTo={`${location.pathname}${location.search}`} />
      )}
    </div>
  );
}

/** Without JavaScript, "#chat-fechado" as the URL's target closes the panel and shows the launcher. */
const CLOSED_TARGET = "chat-fechado";

/**
 * Runs while the page is parsed, before the first paint: a visitor who closed the chat earlier in
 * the visit (the live widget remembers it in sessionStorage) gets the launcher, not the open panel,
 * until the live widget takes over. It marks only itself; the CSS below reads the mark.
 */
const CLOSED_BEFORE_SCRIPT = `try{sessionStorage.getItem(${JSON.stringify(CLOSED_STORAGE_KEY)})==="1"&&document.currentScript.setAttribute("data-chat-closed","")}catch(e){}`;

function StaticChat({ state, redirectTo }: { state: ChatState; redirectTo: string }) {
  return (
    <div>
      {/* The mark is set by the script itself, before hydration: not a difference React should report. */}
      <script nonce={useNonce()} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CLOSED_BEFORE_SCRIPT }} />
      <span id={CLOSED_TARGET} className="fixed top-0 right-0" />
      <a
        href={`#${PANEL_ID}`}
        className={`${launcherClass} hidden [#chat-fechado:target~&]:flex [[data-chat-closed]~&]:flex`}
        aria-label="Abrir chat com o assistente"
      >
        <ChatBubbleIcon />
      </a>
      <section id={PANEL_ID} aria-labelledby={TITLE_ID} className={`${panelClass} [#chat-fechado:target~&]:hidden [[data-chat-closed]~&:not(:target)]:hidden`}>
        <ChatHeader
          closeControl={
            <a href={`#${CLOSED_TARGET}`} className={closeClass} aria-label="Fechar chat">
              <CloseIcon />
            </a>
          }
        />
        <MessageList messages={state.messages} />
        <div className="flex flex-col gap-2 border-t border-slate-200 bg-white p-3">
          {state.messages.length === 0 ? <ChatSuggestions redirectTo={redirectTo} /> : null}
          <form method="post" action="/api/chat" className="flex items-center gap-2">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <HoneypotField />
            <input
              type="text"
              name="message"
              aria-label="Sua mensagem"
              placeholder={INPUT_PLACEHOLDER}
              required
              maxLength={MESSAGE_MAX_LENGTH}
              pattern=".*\S.*"
              title="Digite uma mensagem."
              autoComplete="off"
              className={inputClass}
            />
            <button type="submit" className={sendClass} aria-label="Enviar mensagem">
              <SendIcon />
            </button>
          </form>
          <WhatsAppButton />
        </div>
      </section>
    </div>
  );
}

/** The quick questions offered before the first message (submit buttons of a plain form). */
function ChatSuggestions({ redirectTo }: { redirectTo: string }) {
  return (
    <form method="post" action="/api/chat" className={suggestionsClass} aria-label="Sugestões de perguntas">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <HoneypotField />
      {QUICK_SUGGESTIONS.map((suggestion) => (
        <button key={suggestion} type="submit" name="message" value={suggestion} className={suggestionClass}>
          {suggestion}
        </button>
      ))}
    </form>
  );
}
