// The chat pile-up's pending messages, in a process of their own: `npm run bench` starts it with
// an IPC channel (see chatCrowd in spike.ts). Each visitor's browser holds its own pending request;
// held together in the bench's process, 1,000 pending fetches delayed that process's event loop by
// 30-50 ms at times, and that delay showed up in the page views the bench times there.
//
// Message in: { send: count }. Out: { ready } once, { answered } as each message is answered (the
// bench watches for the first answer), then { results } when all of them are.
import { sendChatMessage, type ChatAnswer } from "./chat-message.ts";

export type CrowdCommand = { send: number };
export type CrowdEvent = { ready: true } | { answered: true } | { results: ChatAnswer[] };

const origin = process.env.BENCH_ORIGIN!;
const tell = (event: CrowdEvent) => process.send!(event);

// Ready once this process has made a request: a fresh process loads and compiles fetch's code on
// its first call, which would otherwise slow the burst's start.
await (await fetch(`${origin}/healthz`)).arrayBuffer();
tell({ ready: true });

process.once("message", async ({ send: count }: CrowdCommand) => {
  const results = await Promise.all(Array.from({ length: count }, (_, i) => sendChatMessage(origin, `mensagem ${i}`).finally(() => tell({ answered: true }))));
  tell({ results });
});
