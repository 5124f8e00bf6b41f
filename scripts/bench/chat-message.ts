// One visitor's chat message through the chat's JSON API, timed until the answer is read.
export interface ChatAnswer {
  status: number;
  reply?: string;
  ms: number;
}

export function sendChatMessage(origin: string, message: string): Promise<ChatAnswer> {
  const started = performance.now();
  return fetch(`${origin}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ message }),
  })
    .then(async (response) => ({ status: response.status, reply: ((await response.json()) as { reply?: string }).reply, ms: performance.now() - started }))
    .catch((error: Error) => ({ status: 0, reply: error.message, ms: performance.now() - started }));
}
