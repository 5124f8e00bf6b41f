// The interactive chat widget, loaded when the visitor reaches for the chat: sends messages as
// JSON to /api/chat, shows the typing indicator while a reply is pending, remembers a close for
// the rest of the visit (sessionStorage) and opens on the `openAIChat` window event. While open
// in a conversation it polls /api/chat for the replies of a staff member who took it over.
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import { CLOSED_STORAGE_KEY, INPUT_PLACEHOLDER, MESSAGE_MAX_LENGTH, OPEN_EVENT, QUICK_SUGGESTIONS, REPLY_ERROR } from "~/lib/chat/texts";
import type { ChatState } from "~/lib/chat/state.server";
import {
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

export interface ChatLiveProps {
  initialMessages: ChatState["messages"];
  /** The `openAIChat` event fired before the interactive widget had loaded. */
  openRequested: boolean;
  /** A message sent from the server-rendered chat while this code loaded: sent on arrival. */
  sendOnArrival: string | null;
}

export default function ChatLive({ initialMessages, openRequested, sendOnArrival }: ChatLiveProps) {
  const [before] = useState(serverChatBeforeTakeover);
  const [open, setOpen] = useState(() => openRequested || before.focused || before.text !== "" || before.open);
  const [messages, setMessages] = useState(initialMessages);
  const [pending, setPending] = useState(false);
  const [draft, setDraft] = useState(before.text);
  const inputRef = useRef<HTMLInputElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  /**
   * Where focus goes after the next open/close or reply. On the first render: back to where the
   * visitor was typing, or to the input when the chat was asked to open before this code arrived.
   */
  const focusNext = useRef<"input" | "launcher" | null>(before.focused || openRequested ? "input" : null);

  function openChat() {
    rememberClosed(false);
    focusNext.current = "input";
    setOpen(true);
  }

  function closeChat() {
    rememberClosed(true);
    focusNext.current = "launcher";
    setOpen(false);
  }

  // Asked to open before this code arrived: the chat is no longer closed for the visit.
  useEffect(() => {
    if (openRequested) rememberClosed(false);
  }, [openRequested]);

  useEffect(() => {
    window.addEventListener(OPEN_EVENT, openChat);
    return () => window.removeEventListener(OPEN_EVENT, openChat);
  }, []);

  useEffect(() => {
    if (pending) return;
    const input = inputRef.current;
    if (focusNext.current === "input" && input) {
      input.focus();
      // After the takeover, the caret goes back to the end of what was typed.
      input.setSelectionRange(input.value.length, input.value.length);
    }
    if (focusNext.current === "launcher") launcherRef.current?.focus();
    focusNext.current = null;
  }, [open, pending]);

  // Escape anywhere inside the open panel closes it.
  const closeOnEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === "Escape") closeChat();
  });
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    panel.addEventListener("keydown", closeOnEscape);
    return () => panel.removeEventListener("keydown", closeOnEscape);
  }, [open]);

  useEffect(() => {
    // The list is a reversed column: 0 is the bottom, where the newest message is.
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [messages, pending]);

  async function send(text: string) {
    const message = text.trim();
    if (!message || pending) return;
    setDraft("");
    rememberConversation();
    setMessages((list) => [...list, { role: "user", content: message }]);
    setPending(true);
    const reply = await requestReply(message);
    // null: a person holds the conversation; their answer comes through the polling below.
    if (reply !== null) setMessages((list) => [...list, { role: "assistant", content: reply }]);
    focusNext.current = "input";
    setPending(false);
  }

  // The staff's replies, when a person took the conversation over: polled while the chat is open
  // and a conversation has started (the server answers from the database, on any instance). A page
  // loaded later in the visit shows none of the earlier messages, yet its conversation goes on.
  const [startedBefore] = useState(conversationThisVisit);
  const started = startedBefore || messages.length > 0;
  const cursor = useRef(0);
  useEffect(() => {
    if (!open || !started) return;
    let stopped = false;
    const poll = async () => {
      const fresh = await fetchStaffReplies(cursor.current);
      if (stopped || fresh.length === 0) return;
      cursor.current = fresh.at(-1)!.id;
      setMessages((list) => {
        // A reply the page already showed (the no-JavaScript conversation) is not added again.
        const shown = new Set(list.filter((m) => m.author).map((m) => `${m.author}\n${m.content}`));
        const added = fresh
          .filter((m) => !shown.has(`${m.author}\n${m.content}`))
          .map((m) => ({ role: "assistant" as const, content: m.content, author: m.author }));
        return added.length ? [...list, ...added] : list;
      });
    };
    void poll();
    const timer = setInterval(() => void poll(), STAFF_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [open, started]);

  // Once, also when development's strict mode mounts the widget twice.
  const arrivalSent = useRef(false);
  const sendArrival = useEffectEvent(() => {
    if (arrivalSent.current || !sendOnArrival) return;
    arrivalSent.current = true;
    void send(sendOnArrival);
  });
  useEffect(() => sendArrival(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(draft);
  }

  if (!open) {
    return (
      <button
        ref={launcherRef}
        type="button"
        onClick={openChat}
        className={`${launcherClass} flex`}
        aria-label="Abrir chat com o assistente"
        data-chat-ready=""
      >
        <ChatBubbleIcon />
      </button>
    );
  }

  return (
    <section id={PANEL_ID} aria-labelledby={TITLE_ID} className={panelClass} data-chat-ready="" ref={panelRef}>
      <ChatHeader
        closeControl={
          <button type="button" onClick={closeChat} className={closeClass} aria-label="Fechar chat">
            <CloseIcon />
          </button>
        }
      />
      <MessageList messages={messages} pending={pending} scrollRef={scrollRef} />
      <div className="flex flex-col gap-2 border-t border-slate-200 bg-white p-3">
        {messages.length === 0 ? (
          <div className={suggestionsClass} role="group" aria-label="Sugestões de perguntas">
            {QUICK_SUGGESTIONS.map((suggestion) => (
              <button key={suggestion} type="button" onClick={() => void send(suggestion)} className={suggestionClass}>
                {suggestion}
              </button>
            ))}
          </div>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="flex items-center gap-2">
          <input
            ref={inputRef}
            type="text"
            name="message"
            aria-label="Sua mensagem"
            placeholder={INPUT_PLACEHOLDER}
            maxLength={MESSAGE_MAX_LENGTH}
            autoComplete="off"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            disabled={pending}
            className={inputClass}
          />
          <button type="submit" className={sendClass} aria-label="Enviar mensagem" disabled={pending || !draft.trim()}>
            <SendIcon />
          </button>
        </form>
        <WhatsAppButton />
      </div>
    </section>
  );
}

/**
 * The server-rendered chat as the visitor left it, read on the first render while it is still on the
 * page: what they typed, whether they were typing there, and whether its panel shows. The panel
 * already follows a close remembered for the visit (a script marks it before the first paint) and
 * the visitor's own open or close before the takeover, so the live widget goes on from there.
 */
function serverChatBeforeTakeover(): { text: string; focused: boolean; open: boolean } {
  const panel = document.getElementById(PANEL_ID);
  const input = panel?.querySelector<HTMLInputElement>('input[name="message"]') ?? null;
  return {
    text: input?.value ?? "",
    focused: input !== null && input === document.activeElement,
    open: panel ? getComputedStyle(panel).display !== "none" : !closedThisVisit(),
  };
}

function closedThisVisit(): boolean {
  try {
    return sessionStorage.getItem(CLOSED_STORAGE_KEY) === "1" || location.hash === "#chat-fechado";
  } catch {
    return false;
  }
}

/** Set at the visit's first message, so a page loaded later goes on listening for the staff's replies. */
const CONVERSATION_STORAGE_KEY = "chatConversation";

function rememberConversation() {
  try {
    sessionStorage.setItem(CONVERSATION_STORAGE_KEY, "1");
  } catch {
    // storage unavailable (privacy mode): the next page listens once the visitor writes again
  }
}

function conversationThisVisit(): boolean {
  try {
    return sessionStorage.getItem(CONVERSATION_STORAGE_KEY) === "1";
  } catch {
    return false;
  }
}

/** How often an open conversation asks for staff replies: they show within this time. */
const STAFF_POLL_MS = 2500;

async function fetchStaffReplies(after: number): Promise<Array<{ id: number; content: string; author: string }>> {
  try {
    const response = await fetch(`/api/chat?desde=${after}`, { headers: { Accept: "application/json" } });
    if (!response.ok) return [];
    const data = (await response.json()) as { messages?: Array<{ id: number; content: string; author: string }> };
    return Array.isArray(data.messages) ? data.messages : [];
  } catch {
    return []; // the next poll tries again
  }
}

async function requestReply(message: string): Promise<string | null> {
  try {
    const response = await fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message }),
    });
    const data = (await response.json()) as { reply?: unknown; error?: unknown; held?: unknown };
    if (data.held === true) return null;
    if (typeof data.reply === "string") return data.reply;
    if (typeof data.error === "string") return data.error;
    return REPLY_ERROR;
  } catch (error) {
    reportError(new Error("Chat request failed", { cause: error }));
    return REPLY_ERROR;
  }
}
