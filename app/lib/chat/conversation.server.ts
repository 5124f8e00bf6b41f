// The no-JavaScript conversation: the last messages of a chat session, kept in
// chat_conversations so the page rendered after the form post can show them.
import { z } from "zod";
import { db } from "~/lib/db.server";
import type { ChatMessage } from "./texts";

const CONVERSATION_LIMIT = 20;
/**
 * Conversations untouched for this long are deleted by the background sweep
 * (housekeeping.server.ts); the privacy policy tells visitors so (app/content/legal.ts).
 */
export const CONVERSATION_RETENTION_MS = 24 * 60 * 60 * 1000;

const messagesSchema = z.array(z.object({ role: z.enum(["assistant", "user"]), content: z.string(), author: z.string().optional() }));

export interface ShownConversation {
  messages: ChatMessage[];
  /** Until when these messages are shown (ms since the epoch): the end of the retention. */
  shownUntil: number;
}

export async function loadConversation(sessionId: string): Promise<ShownConversation> {
  const row = await db.chatConversation.findUnique({ where: { id: sessionId } });
  const shownUntil = row ? row.updatedAt.getTime() + CONVERSATION_RETENTION_MS : Infinity;
  // Past its retention a conversation is gone for the visitor, even before the sweep deletes it.
  if (!row || shownUntil <= Date.now()) return { messages: [], shownUntil: Infinity };
  const parsed = messagesSchema.safeParse(row.messages);
  return { messages: parsed.success ? parsed.data : [], shownUntil };
}

/**
 * Appends messages, keeping only the last CONVERSATION_LIMIT. With `create: false` only an
 * existing conversation is extended; returns whether the messages were stored.
 */
export async function appendToConversation(sessionId: string, messages: ChatMessage[], { create = true }: { create?: boolean } = {}): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const row = await tx.chatConversation.findUnique({ where: { id: sessionId } });
    if (!row && !create) return false;
    const previous = messagesSchema.safeParse(row?.messages);
    const next = [...(previous.success ? previous.data : []), ...messages].slice(-CONVERSATION_LIMIT);
    await tx.chatConversation.upsert({
      where: { id: sessionId },
      create: { id: sessionId, messages: next },
      update: { messages: next },
    });
    return true;
  });
}
