// The personal parts of a public page, for the server to add to the page it keeps in its shared
// cache (server/personal-page.ts): the visitor's chat conversation and a flash toast. Each part is
// the HTML React renders for it with this visitor's data, paired with the HTML it renders for an
// anonymous visitor, which is what the cached page contains; and the data itself, for the
// browser's first render (app/lib/personal-data.ts). Nothing here is ever stored in the cache.
import { renderToString } from "react-dom/server";
import { MessageList } from "~/components/chat/chat-parts";
import { ChatSuggestions } from "~/components/chat/chat-widget";
import { Toaster } from "~/components/ui/toaster";
import { loadChatState } from "~/lib/chat/state.server";
import { CHAT_COOKIE_NAME } from "~/lib/chat/session.server";
import { PERSONAL_DATA_ID, type PersonalData } from "~/lib/personal-data";
import { getToast, TOAST_COOKIE } from "~/lib/toast.server";

/** Cookies whose parts are added to a cached page instead of making the whole page personal. */
export const PERSONAL_PART_COOKIES: readonly string[] = [CHAT_COOKIE_NAME, TOAST_COOKIE];

interface PersonalParts {
  /** Fragments of the anonymous page, in document order, and what this visitor sees in their place. */
  replacements: Array<{ anonymous: string; personal: string }>;
  /** The JSON data block to add at the end of the body ("" when there is nothing to add). */
  dataBlock: string;
  /** Set-Cookie values of the answer (the toast is shown once: its cookie is cleared). */
  setCookies: string[];
}

/** The personal parts of the page at `request`'s URL for the visitor who sent it. */
export async function personalParts(request: Request): Promise<PersonalParts> {
  const url = new URL(request.url);
  const [chat, { toast, headers }] = await Promise.all([loadChatState(request), getToast(request)]);
  const replacements: PersonalParts["replacements"] = [];
  const data: PersonalData = {};
  if (chat.messages.length > 0) {
    data.chat = chat.messages;
    replacements.push({ anonymous: renderToString(<MessageList messages={[]} />), personal: renderToString(<MessageList messages={chat.messages} />) });
    // With a conversation the quick questions are no longer offered.
    replacements.push({ anonymous: renderToString(<ChatSuggestions redirectTo={`${url.pathname}${url.search}`} />), personal: "" });
  }
  if (toast) {
    data.toast = toast;
    replacements.push({ anonymous: renderToString(<Toaster toast={null} />), personal: renderToString(<Toaster toast={toast} />) });
  }
  return {
    replacements,
    dataBlock: replacements.length > 0 ? dataBlockOf(data) : "",
    setCookies: headers?.getSetCookie() ?? [],
  };
}

/** A JSON block (never executed: no Content-Security-Policy applies); "<" escaped so no text can close it. */
function dataBlockOf(data: PersonalData): string {
  return `<script type="application/json" id="${PERSONAL_DATA_ID}">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
}
