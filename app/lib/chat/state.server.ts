// The chat state the server renders into the widget: the visitor's no-JavaScript conversation.
import { loadConversation } from "./conversation.server";
import { readChatSessionId } from "./session.server";
import type { ChatMessage } from "./texts";

export interface ChatState {
  /** The conversation after the greeting (which is never stored). */
  messages: ChatMessage[];
}

export async function loadChatState(request: Request): Promise<ChatState> {
  const sessionId = await readChatSessionId(request);
  if (!sessionId) return { messages: [] };
  return { messages: (await loadConversation(sessionId)).messages };
}
