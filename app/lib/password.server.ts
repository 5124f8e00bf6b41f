// Password hashing and checking (bcrypt), off the event loop and with a bounded queue.
//
// bcrypt at cost 12 takes about a quarter of a second of CPU per check. Run on the main thread
// (even bcryptjs's async API, which only slices the work), a burst of sign-in attempts stalls
// every other request of the process. Checks run instead in one worker thread, one at a time,
// and at most MAX_WAITING_CHECKS wait behind it: beyond that `checkPassword` refuses at once
// (PasswordCheckerBusy) and the caller answers "try again later", so a guessing burst costs at
// most one core and the public pages keep answering.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** bcrypt cost of every stored hash: about a quarter of a second per hash on this class of machine. */
export const BCRYPT_COST = 12;
/** Checks that may wait for the worker; one more runs. */
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

function run(message: { password: string; hash?: string; cost?: number }): Promise<string | boolean> {
  worker ??= startWorker();
  worker.ref();
  const id = nextId++;
  const result = new Promise<string | boolean>((resolve, reject) => pending.set(id, { resolve, reject }));
  worker.postMessage({ id, ...message });
  return result;
}

/** Whether `password` matches the bcrypt `hash`; throws PasswordCheckerBusy when the queue is full. */
export async function checkPassword(password: string, hash: string): Promise<boolean> {
  if (pending.size > MAX_WAITING_CHECKS) throw new PasswordCheckerBusy();
  return (await run({ password, hash })) === true;
}

/** A bcrypt hash of `password` at BCRYPT_COST, made in the worker. */
export async function hashPassword(password: string): Promise<string> {
  return String(await run({ password, cost: BCRYPT_COST }));
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
