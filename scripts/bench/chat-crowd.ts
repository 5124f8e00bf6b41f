// The chat pile-up's pending messages, in a process of their own: `npm run bench` starts it with
// an IPC channel (see chatCrowd in spike.ts). Each visitor's browser holds its own pending request;
// held together in the bench's process, 1,000 pending fetches delayed that process's event loop by
// 30-50 ms at times, and that delay showed up in the page views the bench times there.
//
// Messages in: { send: count, prefix }. Out: { ready } once, { answered: prefix } as each message
// is answered (the bench watches for the first answer), then { batch: prefix, results } when the
// batch is done.
import { sendChatMessage, type ChatAnswer } from "./chat-message.ts";

export type CrowdCommand = { send: number; prefix: string };
export type CrowdEvent = { ready: true } | { answered: string } | { batch: string; results: ChatAnswer[] };

const origin = process.env.BENCH_ORIGIN!;
const tell = (event: CrowdEvent) => process.send!(event);

// Ready once this process has made a request: a fresh process loads and compiles fetch's code on
// its first call, which would otherwise slow the burst's start.
await (await fetch(`${origin}/healthz`)).arrayBuffer();
tell({ ready: true });

process.on("message", async ({ send: count, prefix }: CrowdCommand) => {
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) => sendChatMessage(origin, `${prefix} ${i}`).finally(() => tell({ answered: prefix }))),
  );
  tell({ batch: prefix, results });
});
