// The chat pile-up's senders, in a process of their own: `npm run bench` starts it with an IPC
// channel (see chatCrowd in spike.ts). Each visitor's browser holds its own pending request; held
// together in the bench's process, 1,100 pending fetches delayed that process's event loop by
// 30-50 ms at times, and that delay showed up in the page views the bench times there.
//
// Messages in: { send: count, prefix }. Out: { answered: prefix } as each message is answered (the
// bench watches for the first answer), then { batch: prefix, results } when the batch is done.
export interface ChatAnswer {
  status: number;
  reply?: string;
  ms: number;
}

export type CrowdCommand = { send: number; prefix: string };
export type CrowdEvent = { answered: string } | { batch: string; results: ChatAnswer[] };

const origin = process.env.BENCH_ORIGIN!;

function send(message: string): Promise<ChatAnswer> {
  const started = performance.now();
  return fetch(`${origin}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ message }),
  })
    .then(async (response) => ({ status: response.status, reply: ((await response.json()) as { reply?: string }).reply, ms: performance.now() - started }))
    .catch((error: Error) => ({ status: 0, reply: error.message, ms: performance.now() - started }));
}

const tell = (event: CrowdEvent) => process.send!(event);

process.on("message", async ({ send: count, prefix }: CrowdCommand) => {
  const results = await Promise.all(Array.from({ length: count }, (_, i) => send(`${prefix} ${i}`).finally(() => tell({ answered: prefix }))));
  tell({ batch: prefix, results });
});
