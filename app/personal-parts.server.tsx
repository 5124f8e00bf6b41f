// The personal parts of a public page, for the server to add to the page it keeps in its shared
// cache (server/personal-page.ts): the visitor's chat conversation and a flash toast. Each part is
// the HTML React renders for it with this visitor's data, paired with the HTML it renders for an
// anonymous visitor, which is what the cached page contains; and the data itself, for the
// browser's first render (app/lib/personal-data.ts). Nothing here is ever stored in the page cache.
//
// A visitor with a conversation sees it on every page they open, so its parts are kept in memory
// by chat cookie value: the cookie was verified when they were made, and it changes whenever the
// conversation does (app/lib/chat/session.server.ts), on whichever instance took the message.
import { renderToString } from "react-dom/server";
import { MessageList } from "~/components/chat/chat-parts";
import { ChatSuggestions } from "~/components/chat/chat-widget";
import { Toaster } from "~/components/ui/toaster";
import { loadConversation } from "~/lib/chat/conversation.server";
import { CHAT_COOKIE_NAME, readChatSessionId } from "~/lib/chat/session.server";
import type { ChatMessage } from "~/lib/chat/texts";
import { PERSONAL_DATA_ID, type PersonalData } from "~/lib/personal-data";
import { fillAttribute } from "~/lib/static-html.server";
import { SizedLru } from "~/lib/sized-lru";
import { getToast, TOAST_COOKIE } from "~/lib/toast.server";

/** Cookies whose parts are added to a cached page instead of making the whole page personal. */
export const PERSONAL_PART_COOKIES: readonly string[] = [CHAT_COOKIE_NAME, TOAST_COOKIE];

/** A fragment of the anonymous page and what this visitor sees in its place. */
interface Replacement {
  anonymous: string;
  personal: string;
}

interface PersonalParts {
  /** Fragments of the anonymous page and what this visitor sees in their place. */
  replacements: Replacement[];
  /** Set-Cookie values of the answer (the toast is shown once: its cookie is cleared). */
  setCookies: string[];
}

/** The personal parts of the page at `url` (path and query) for the visitor who sent `cookieHeader`. */
export async function personalParts(url: string, cookieHeader: string): Promise<PersonalParts> {
  const chatCookie = cookieValue(cookieHeader, CHAT_COOKIE_NAME);
  const [chat, { toast, headers }] = await Promise.all([
    chatCookie ? conversationParts(chatCookie) : null,
    cookieValue(cookieHeader, TOAST_COOKIE)
      ? getToast(new Request("http://localhost/", { headers: { cookie: cookieHeader } }))
      : { toast: null, headers: null },
  ]);
  const replacements: Replacement[] = [];
  if (chat?.list) {
    replacements.push(chat.list);
    // With a conversation the quick questions are no longer offered.
    const page = new URL(url, "http://localhost");
    replacements.push({ anonymous: fillAttribute(anonymousFragments().suggestions, PAGE_PLACEHOLDER, `${page.pathname}${page.search}`), personal: "" });
  }
  if (toast) {
    replacements.push({ anonymous: anonymousFragments().toaster, personal: renderToString(<Toaster toast={toast} />) });
    replacements.push(dataBlock({ ...(chat?.list ? { chat: chat.messages } : {}), toast }));
  } else if (chat?.dataBlock) {
    replacements.push(chat.dataBlock);
  }
  return { replacements, setCookies: headers?.getSetCookie() ?? [] };
}

const PAGE_PLACEHOLDER = "__pagina_atual__";
let anonymous: { list: string; suggestions: string; toaster: string } | undefined;

/** The parts as the shared page has them, rendered once. */
function anonymousFragments() {
  return (anonymous ??= {
    list: renderToString(<MessageList messages={[]} />),
    suggestions: renderToString(<ChatSuggestions redirectTo={PAGE_PLACEHOLDER} />),
    toaster: renderToString(<Toaster toast={null} />),
  });
}

/** The visitor's data at the end of the body, as a JSON block (never executed: no Content-Security-Policy applies). */
function dataBlock(data: PersonalData): Replacement {
  const json = JSON.stringify(data).replace(/</g, "\\u003c"); // no text can close the block
  return { anonymous: "</body>", personal: `<script type="application/json" id="${PERSONAL_DATA_ID}">${json}</script></body>` };
}

interface ConversationParts {
  messages: ChatMessage[];
  /** Null when there is no conversation to show (a visitor who chats with JavaScript). */
  list: Replacement | null;
  dataBlock: Replacement | null;
  keptUntil: number;
  bytes: number;
}

const NO_CONVERSATION: ConversationParts = { messages: [], list: null, dataBlock: null, keptUntil: 0, bytes: 0 };
const CONVERSATIONS_MAX_BYTES = 16 * 1024 * 1024;
/** Parts kept by chat cookie value. */
const conversations = new SizedLru<ConversationParts>(CONVERSATIONS_MAX_BYTES);
const CONVERSATION_PARTS_MAX_AGE_MS = 5 * 60 * 1000;
/** What an entry costs besides its text (the map's slot, the objects), so small entries count too. */
const ENTRY_OVERHEAD = 300;

async function conversationParts(cookie: string): Promise<ConversationParts> {
  const kept = conversations.get(cookie);
  if (kept && kept.keptUntil > Date.now()) return kept;
  const sessionId = await readChatSessionId(new Request("http://localhost/", { headers: { cookie: `${CHAT_COOKIE_NAME}=${cookie}` } }));
  // A cookie that fails verification is not kept: anyone can send any value.
  if (!sessionId) return NO_CONVERSATION;
  const { messages, shownUntil } = await loadConversation(sessionId);
  const keptUntil = Math.min(shownUntil, Date.now() + CONVERSATION_PARTS_MAX_AGE_MS);
  if (messages.length === 0) return keep(cookie, { ...NO_CONVERSATION, keptUntil, bytes: ENTRY_OVERHEAD + cookie.length });
  const list = { anonymous: anonymousFragments().list, personal: renderToString(<MessageList messages={messages} />) };
  const data = dataBlock({ chat: messages });
  // Twice the text: the strings, and the messages and compressed parts made from them.
  const bytes = ENTRY_OVERHEAD + cookie.length + 2 * (list.personal.length + data.personal.length);
  return keep(cookie, { messages, list, dataBlock: data, keptUntil, bytes });
}

function keep(cookie: string, parts: ConversationParts): ConversationParts {
  conversations.set(cookie, parts, parts.bytes);
  return parts;
}

function cookieValue(header: string, name: string): string | null {
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return null;
}
