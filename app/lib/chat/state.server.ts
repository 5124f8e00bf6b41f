// The chat state the server renders into the widget (chat work fills this in).
export interface ChatMessage {
  role: "assistant" | "user";
  content: string;
}

export interface ChatState {
  messages: ChatMessage[];
}

export async function loadChatState(_request: Request): Promise<ChatState> {
  return { messages: [] };
}
