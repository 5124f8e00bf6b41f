// Password hashing and checking (bcrypt), off the event loop and in a fair, bounded line.
//
// bcrypt at cost 12 takes about a quarter of a second of CPU per check. Run on the main thread
// (even bcryptjs's async API, which only slices the work), a burst of sign-in attempts stalls
// every other request of the process. Checks run instead in one worker thread, one at a time,
// so a guessing burst costs at most one core and the public pages keep answering.
//
// The checks waiting for the worker stand in one line per client (the caller's `line`: the
// sign-in uses the address), not in one line for everyone: the next check comes from the line
// served least recently, so an address that is not part of a burst waits for at most one check
// of each line in it, never behind all of them. At most MAX_WAITING_CHECKS wait in all; when they
// are full, a check from a shorter line takes the place of the newest check of the longest line,
// so a burst from many addresses cannot keep another address out. A check that finds no place,
// or loses its place, is refused (PasswordCheckerBusy) and the caller answers "try again
// shortly", without counting the attempt.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { env } from "./env.server.ts";

/** bcrypt cost of every new hash (BCRYPT_COST, 12 unless set): about a quarter of a second per hash at 12 on this class of machine. */
export const BCRYPT_COST = env.BCRYPT_COST;
/** Checks that may wait for the worker, all lines together; one more runs. */
const MAX_WAITING_CHECKS = 8;

export class PasswordCheckerBusy extends Error {}

// The worker is plain CommonJS evaluated from a string, so it needs no file of its own in the
// build; it loads bcryptjs from where this module resolves it.
const BCRYPTJS = createRequire(import.meta.url).resolve("bcryptjs");
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const bcrypt = require(${JSON.stringify(BCRYPTJS)});
parentPort.on("message", ({ id, password, hash, cost }) => {
  try {
    const result = hash === undefined ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

type Pending = { resolve: (value: string | boolean) => void; reject: (error: Error) => void };
let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 0;

function startWorker(): Worker {
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.on("message", ({ id, result, error }: { id: number; result?: string | boolean; error?: string }) => {
    const task = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) started.unref(); // an idle worker never keeps the process alive
    if (error !== undefined) task?.reject(new Error(error));
    else task?.resolve(result!);
  });
  // A crashed worker fails what it held; the next call starts a new one.
  let failed = false;
  const fail = (error: Error) => {
    if (failed) return; // "exit" follows "error": the tasks were already failed
    failed = true;
    if (worker === started) worker = null;
    for (const task of pending.values()) task.reject(error);
    pending.clear();
  };
  started.on("error", fail);
  started.on("exit", (code) => fail(new Error(`password worker exited (${code})`)));
  return started;
}

type Message = { password: string; hash?: string; cost?: number };
type Waiting = { message: Message; resolve: (value: string | boolean) => void; reject: (error: Error) => void };

/** The checks waiting, by line; a line is removed when it empties. */
const lines = new Map<string, Waiting[]>();
/** When each line was last served (a count of checks started): the least recent goes next. */
const lastServed = new Map<string, number>();
let started = 0;
let waitingCount = 0;
let running = false;

function send(message: Message): Promise<string | boolean> {
  worker ??= startWorker();
  worker.ref();
  const id = nextId++;
  const result = new Promise<string | boolean>((resolve, reject) => pending.set(id, { resolve, reject }));
  worker.postMessage({ id, ...message });
  return result;
}

/** Starts the next check, from the line served least recently (a line never served goes first). */
function next(): void {
  if (running || lines.size === 0) return;
  let chosen: string | null = null;
  for (const line of lines.keys()) {
    if (chosen === null || (lastServed.get(line) ?? -1) < (lastServed.get(chosen) ?? -1)) chosen = line;
  }
  const queue = lines.get(chosen!)!;
  const task = queue.shift()!;
  if (queue.length === 0) lines.delete(chosen!);
  waitingCount--;
  lastServed.delete(chosen!); // re-inserted last: the map stays in order of service
  lastServed.set(chosen!, started++);
  if (lastServed.size > 10_000) lastServed.delete(lastServed.keys().next().value!); // forget the longest idle
  running = true;
  send(task.message)
    .then(task.resolve, task.reject)
    .finally(() => {
      running = false;
      next();
    });
}

/** The line with the most checks waiting (the first of them when several tie). */
function longestLine(): [string, Waiting[]] | null {
  let longest: [string, Waiting[]] | null = null;
  for (const entry of lines) if (!longest || entry[1].length > longest[1].length) longest = entry;
  return longest;
}

function run(message: Message, line: string): Promise<string | boolean> {
  const queue = lines.get(line) ?? [];
  if (waitingCount >= MAX_WAITING_CHECKS) {
    // Full. A shorter line takes a place from the longest one (its newest check is refused), so
    // no client can hold the whole line; as long as it, or its equal, refuses this one.
    const [name, longest] = longestLine()!;
    if (longest.length <= queue.length) return Promise.reject(new PasswordCheckerBusy());
    longest.pop()!.reject(new PasswordCheckerBusy());
    waitingCount--;
    if (longest.length === 0) lines.delete(name);
  }
  const result = new Promise<string | boolean>((resolve, reject) => queue.push({ message, resolve, reject }));
  lines.set(line, queue);
  waitingCount++;
  next();
  return result;
}

/**
 * Whether `password` matches the bcrypt `hash`. `line` names who is asking (the client's
 * address): checks wait in one line per name. Throws PasswordCheckerBusy when that line or all
 * of them are full.
 */
export async function checkPassword(password: string, hash: string, line = "?"): Promise<boolean> {
  return (await run({ password, hash }, line)) === true;
}

/** A bcrypt hash of `password` at BCRYPT_COST, made in the worker. */
export async function hashPassword(password: string): Promise<string> {
  return String(await run({ password, cost: BCRYPT_COST }, "hash"));
}

let dummy: Promise<string> | null = null;
/**
 * A hash of no one's password, at the same cost as real ones: an unknown e-mail is checked
 * against it, so it costs the same work as a known e-mail with a wrong password.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword("not-a-real-password").catch((error: unknown) => {
    dummy = null;
    throw error;
  });
  return dummy;
}
