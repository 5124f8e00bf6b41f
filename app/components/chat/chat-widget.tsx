import type { ChatState } from "~/lib/chat/state.server";

// Placeholder until the chat widget lands.
export function ChatWidget(_props: { state: ChatState }) {
  return null;
}
