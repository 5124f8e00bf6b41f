// The floating chat assistant. The server renders a complete no-JavaScript widget: a real form
// posting to /api/chat, quick suggestions as submit buttons, and open/close with plain links and
// CSS :target. The interactive widget's code (a chunk of its own) is loaded on the visitor's first
// move towards the chat (a pointer over it, a touch, focus inside it, or a button that opens it),
// not on every page view: most visitors never chat. Then the interactive widget takes over,
// carrying over what the visitor typed meanwhile. Until then the server-rendered widget stays
// mounted as it is (it is never mounted again, which would empty a field the visitor is typing
// into): its links open and close it, remembered for the visit, and a message sent from it waits
// for the interactive widget. If the chunk cannot load, it works for good as without JavaScript.
import { useEffect, useRef, useState, type ComponentType, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import { HoneypotField } from "~/components/ui/honeypot";
import { useHydrated } from "~/hooks/use-hydrated";
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
  rememberClosed,
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
  const [handedOver, setHandedOver] = useState<string | null>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  const liveCode = useRef<"not requested" | "loading" | "failed">("not requested");
  /** The server-rendered form whose message waits for the live widget, to post it if the code cannot load. */
  const heldSubmit = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);

  function loadLiveCode() {
    if (liveCode.current !== "not requested") return;
    liveCode.current = "loading";
    import("./chat-live").then(
      // At once, not in slices: the live widget reads what the visitor typed into the
      // server-rendered field and replaces it in one go, so no keystroke falls in between.
      (module) => flushSync(() => setChatLive(() => module.default)),
      (error: unknown) => {
        reportError(new Error("Chat widget failed to load", { cause: error }));
        liveCode.current = "failed";
        // A message held for the live widget is posted the way it is without JavaScript.
        const held = heldSubmit.current;
        heldSubmit.current = null;
        held?.form.requestSubmit(held.submitter);
      },
    );
  }

  useEffect(() => {
    const dock = dockRef.current!;
    const onOpen = () => {
      setOpenRequested(true);
      loadLiveCode();
    };
    for (const intent of INTENT_EVENTS) dock.addEventListener(intent, loadLiveCode, { passive: true });
    window.addEventListener(OPEN_EVENT, onOpen);
    // The visitor may have reached the chat before hydration: typing in it, or arriving with it as
    // the address's target.
    if (dock.contains(document.activeElement) || location.hash === `#${PANEL_ID}`) loadLiveCode();
    return () => {
      for (const intent of INTENT_EVENTS) dock.removeEventListener(intent, loadLiveCode);
      window.removeEventListener(OPEN_EVENT, onOpen);
    };
    // Once: loadLiveCode reads and writes only refs and a state setter, so the first render's is as good as any.
  }, []);
  /**
   * A message sent from the server-rendered chat while JavaScript runs (a quick suggestion tapped
   * before the live code arrived) goes to the live widget, with its typing indicator, instead of
   * reloading the page to wait for the answer. The first one only: a second tap meanwhile is the same
   * visitor being impatient. If the live code cannot load, the form posts as without JavaScript.
   */
  function handOver(event: FormEvent<HTMLFormElement>) {
    if (liveCode.current === "failed") return;
    event.preventDefault();
    if (heldSubmit.current) return;
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    heldSubmit.current = { form, submitter };
    setHandedOver(String(new FormData(form, submitter).get("message") ?? ""));
    loadLiveCode();
  }

  const { pathname, search } = useLocation();
  return (
    <div ref={dockRef} {...{ [CHAT_DOCK_ATTRIBUTE]: "" }} data-hydrated={useHydrated() || undefined}>
      {ChatLive ? (
        <ChatLive initialMessages={state.messages} openRequested={openRequested} sendOnArrival={handedOver} />
      ) : (
        <StaticChat state={state} redirectTo={`${pathname}${search}`} onSubmit={handOver} />
      )}
    </div>
  );
}

/** What counts as a move towards the chat (pointerover also fires on a tap, before the click). */
const INTENT_EVENTS = ["pointerover", "pointerdown", "focusin"] as const;

/** Without JavaScript, "#chat-fechado" as the URL's target closes the panel and shows the launcher. */
const CLOSED_TARGET = "chat-fechado";

/**
 * Runs while the page is parsed, before the first paint: a visitor who closed the chat earlier in
 * the visit (the live widget remembers it in sessionStorage) gets the launcher, not the open panel,
 * until the live widget takes over. It marks only itself; the CSS below reads the mark.
 */
const CLOSED_BEFORE_SCRIPT = `try{sessionStorage.getItem(${JSON.stringify(CLOSED_STORAGE_KEY)})==="1"&&document.currentScript.setAttribute("data-chat-closed","")}catch(e){}`;

function StaticChat({ state, redirectTo, onSubmit }: { state: ChatState; redirectTo: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <div>
      {/* The mark is set by the script itself, before hydration: not a difference React should report. */}
      <script nonce={useNonce()} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CLOSED_BEFORE_SCRIPT }} />
      <span id={CLOSED_TARGET} className="fixed top-0 right-0" />
      {/* With JavaScript running before the live widget's code has arrived, the open or close is
          also remembered for the visit, as the live widget does. */}
      <a
        href={`#${PANEL_ID}`}
        onClick={() => rememberClosed(false)}
        className={`${launcherClass} hidden [#chat-fechado:target~&]:flex [[data-chat-closed]~&]:flex`}
        aria-label="Abrir chat com o assistente"
      >
        <ChatBubbleIcon />
      </a>
      <section id={PANEL_ID} aria-labelledby={TITLE_ID} className={`${panelClass} [#chat-fechado:target~&]:hidden [[data-chat-closed]~&:not(:target)]:hidden`}>
        <ChatHeader
          closeControl={
            <a href={`#${CLOSED_TARGET}`} onClick={() => rememberClosed(true)} className={closeClass} aria-label="Fechar chat">
              <CloseIcon />
            </a>
          }
        />
        <MessageList messages={state.messages} />
        <div className="flex flex-col gap-2 border-t border-slate-200 bg-white p-3">
          {state.messages.length === 0 ? (
            <ChatSuggestions redirectTo={redirectTo} onSubmit={onSubmit} />
          ) : (
            // Without JavaScript nothing polls: a staff member's reply shows when the page loads again.
            // A GET form, not a link: a link to this very address (#chat) would only scroll.
            <form method="get" action={`${redirectTo.replace(/[?#].*$/, "")}#${PANEL_ID}`} className="self-end">
              <button type="submit" className="text-xs font-medium text-brand-700 hover:underline">
                Atualizar conversa
              </button>
            </form>
          )}
          <form method="post" action="/api/chat" onSubmit={onSubmit} className="flex items-center gap-2">
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
function ChatSuggestions({ redirectTo, onSubmit }: { redirectTo: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form method="post" action="/api/chat" onSubmit={onSubmit} className={suggestionsClass} aria-label="Sugestões de perguntas">
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
