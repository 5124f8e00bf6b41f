// Password hashing and checking (bcrypt), and the strength estimate of a new password (zxcvbn),
// off the event loop and in a fair, bounded line.
//
// bcrypt at cost 12 takes about a quarter of a second of CPU per check. Run on the main thread
// (even bcryptjs's async API, which only slices the work), a burst of sign-in attempts stalls
// every other request of the process. Checks run instead in one worker thread, one at a time,
// so a guessing burst costs at most one core and the public pages keep answering. The strength
// estimate runs there too: its dictionaries (some 6 MB of word lists) are loaded by the worker on
// the first new password, once, and never by the server's main thread nor, since they are
// resolved at run time from node_modules, by any bundle.
//
// The checks waiting for the worker stand in one line per client (the caller's `line`: the
// sign-in uses the address), not in one line for everyone: the next check comes from the line
// served least recently, so an address that is not part of a burst waits for at most one check
// of each line in it, never behind all of them.
//
// Some checks are "priority": a sign-in from a browser that already signed in to that account
// (a known device: its cookie is signed, so only a past successful sign-in gives one), and the
// hashing and strength estimate of a new password (only a signed-in person or the holder of a
// link from their mailbox gets there). They are served before every other check and are never
// pushed out by one, so however many addresses keep the ordinary line full, the owner of an
// account signs in from their own browser. (In one line for all, under a steady stream from many
// addresses every newcomer pushed a waiting check out, and the owner's was pushed out before its
// turn came: a correct password from a known device was told to try again.) Ordinary checks wait MAX_WAITING_CHECKS at most; when
// they are full, a newcomer from a shorter line takes the place of the newest check of the
// longest line, so one address cannot hold the whole line; of several longest lines, the one
// served most recently gives up its check (it had its turn last), and of lines never served, the
// one that has waited longest.
// A check that finds no place, or loses its place, is refused (PasswordCheckerBusy) and the
// caller answers "try again shortly", without counting the attempt.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { env } from "./env.server.ts";

/** bcrypt cost of every new hash (BCRYPT_COST, 12 unless set): about a quarter of a second per hash at 12 on this class of machine. */
export const BCRYPT_COST = env.BCRYPT_COST;
/** Ordinary checks that may wait for the worker, all lines together; one more runs. */
const MAX_WAITING_CHECKS = 8;
/** Priority checks that may wait (known devices, new passwords): served first, never pushed out. */
const MAX_WAITING_PRIORITY = 8;

export class PasswordCheckerBusy extends Error {}

/** What the strength estimate found (zxcvbn's score 0–4 and its feedback, in Portuguese). */
export interface StrengthEstimate {
  score: number;
  warning: string | null;
  suggestions: string[];
  /** The share of the password's characters that are the person's own data or the agency's name. */
  personalShare: number;
}

const require = createRequire(import.meta.url);
// The worker is plain CommonJS evaluated from a string, so it needs no file of its own in the
// build; it loads bcryptjs and zxcvbn from where this module resolves them.
const MODULES = {
  bcrypt: require.resolve("bcryptjs"),
  zxcvbn: require.resolve("@zxcvbn-ts/core"),
  common: require.resolve("@zxcvbn-ts/language-common"),
  ptBr: require.resolve("@zxcvbn-ts/language-pt-br"),
};
// The pt-BR pack's sentences, where they read badly in Portuguese.
const BETTER_WORDING = {
  warnings: { userInputs: "A senha não deve conter os seus dados (nome, e-mail) nem o nome da agência." },
  suggestions: {
    capitalization: "Use letras maiúsculas também no meio, não só na primeira letra.",
    dates: "Evite datas e anos ligados a você.",
    recentYears: "Evite anos recentes.",
    sequences: "Evite sequências comuns de caracteres.",
  },
};
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const modules = ${JSON.stringify(MODULES)};
const bcrypt = require(modules.bcrypt);
let zxcvbn = null;
// Loaded on the first estimate only: a server that never sees a new password never reads them.
function estimator() {
  if (zxcvbn) return zxcvbn;
  const { ZxcvbnFactory } = require(modules.zxcvbn);
  const common = require(modules.common);
  const ptBr = require(modules.ptBr);
  const better = ${JSON.stringify(BETTER_WORDING)};
  const translations = {
    ...ptBr.translations,
    warnings: { ...ptBr.translations.warnings, ...better.warnings },
    suggestions: { ...ptBr.translations.suggestions, ...better.suggestions },
  };
  zxcvbn = new ZxcvbnFactory({
    translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
    // Also a near miss of a whole common password ("Senha@1234" for "senha1234").
    useLevenshteinDistance: true,
  });
  return zxcvbn;
}
function estimate(password, inputs) {
  const result = estimator().check(password, inputs);
  let personal = 0;
  for (const match of result.sequence) if (match.dictionaryName === "userInputs") personal += match.token.length;
  return { score: result.score, warning: result.feedback.warning || null, suggestions: result.feedback.suggestions, personalShare: password.length ? personal / password.length : 0 };
}
parentPort.on("message", ({ id, kind, password, hash, cost, inputs }) => {
  try {
    const result = kind === "hash" ? bcrypt.hashSync(password, cost) : kind === "compare" ? bcrypt.compareSync(password, hash) : estimate(password, inputs);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

type Result = string | boolean | StrengthEstimate;
type Pending = { resolve: (value: Result) => void; reject: (error: Error) => void };
let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 0;

function startWorker(): Worker {
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.on("message", ({ id, result, error }: { id: number; result?: Result; error?: string }) => {
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

type Message =
  | { kind: "compare"; password: string; hash: string }
  | { kind: "hash"; password: string; cost: number }
  | { kind: "strength"; password: string; inputs: string[] };
type Waiting = { message: Message; resolve: (value: Result) => void; reject: (error: Error) => void };

/** One class of checks: its waiting checks by line (a line is removed when it empties). */
interface Lane {
  lines: Map<string, Waiting[]>;
  waiting: number;
}
const priorityLane: Lane = { lines: new Map(), waiting: 0 };
const ordinaryLane: Lane = { lines: new Map(), waiting: 0 };
/** When each line was last served (a count of checks started): the least recent goes next. */
const lastServed = new Map<string, number>();
let started = 0;
let running = false;

function send(message: Message): Promise<Result> {
  worker ??= startWorker();
  worker.ref();
  const id = nextId++;
  const result = new Promise<Result>((resolve, reject) => pending.set(id, { resolve, reject }));
  worker.postMessage({ id, ...message });
  return result;
}

/** Takes the next check of `lane`, from its line served least recently (a line never served goes first). */
function take(lane: Lane): Waiting {
  let chosen: string | null = null;
  for (const line of lane.lines.keys()) {
    if (chosen === null || (lastServed.get(line) ?? -1) < (lastServed.get(chosen) ?? -1)) chosen = line;
  }
  const queue = lane.lines.get(chosen!)!;
  const task = queue.shift()!;
  if (queue.length === 0) lane.lines.delete(chosen!);
  lane.waiting--;
  lastServed.delete(chosen!); // re-inserted last: the map stays in order of service
  lastServed.set(chosen!, started++);
  if (lastServed.size > 10_000) lastServed.delete(lastServed.keys().next().value!); // forget the longest idle
  return task;
}

/** Starts the next check: priority ones first. */
function next(): void {
  if (running) return;
  const lane = priorityLane.waiting > 0 ? priorityLane : ordinaryLane.waiting > 0 ? ordinaryLane : null;
  if (!lane) return;
  const task = take(lane);
  running = true;
  send(task.message)
    .then(task.resolve, task.reject)
    .finally(() => {
      running = false;
      next();
    });
}

/** The ordinary line to take a place from: the longest; of several, the one served most recently (see the top of this file). */
function longestLine(): [string, Waiting[]] | null {
  let longest: [string, Waiting[]] | null = null;
  for (const entry of ordinaryLane.lines) {
    if (
      !longest ||
      entry[1].length > longest[1].length ||
      (entry[1].length === longest[1].length && (lastServed.get(entry[0]) ?? -1) > (lastServed.get(longest[0]) ?? -1))
    ) {
      longest = entry;
    }
  }
  return longest;
}

/** Gives up the newest check of the longest ordinary line if it is longer than `length`. */
function pushOutOrdinary(length: number): boolean {
  const found = longestLine();
  if (!found || found[1].length <= length) return false;
  const [name, longest] = found;
  longest.pop()!.reject(new PasswordCheckerBusy());
  ordinaryLane.waiting--;
  if (longest.length === 0) ordinaryLane.lines.delete(name);
  return true;
}

function run(message: Message, line: string, priority: boolean): Promise<Result> {
  const lane = priority ? priorityLane : ordinaryLane;
  const queue = lane.lines.get(line) ?? [];
  if (priority) {
    if (lane.waiting >= MAX_WAITING_PRIORITY) return Promise.reject(new PasswordCheckerBusy());
  } else if (lane.waiting >= MAX_WAITING_CHECKS && !pushOutOrdinary(queue.length)) {
    // Full, and no line is longer than this one: it, or its equal, is refused.
    return Promise.reject(new PasswordCheckerBusy());
  }
  const result = new Promise<Result>((resolve, reject) => queue.push({ message, resolve, reject }));
  lane.lines.set(line, queue);
  lane.waiting++;
  next();
  return result;
}

/**
 * Whether `password` matches the bcrypt `hash`. `line` names who is asking (the client's
 * address): checks wait in one line per name. `priority`: a sign-in from a known device (see the
 * top of this file). Throws PasswordCheckerBusy when there is no room for it.
 */
export async function checkPassword(password: string, hash: string, line = "?", priority = false): Promise<boolean> {
  return (await run({ kind: "compare", password, hash }, line, priority)) === true;
}

/** A bcrypt hash of `password` at BCRYPT_COST, made in the worker. */
export async function hashPassword(password: string): Promise<string> {
  return String(await run({ kind: "hash", password, cost: BCRYPT_COST }, "hash", true));
}

/**
 * zxcvbn's estimate of how hard `password` is to guess, with `inputs` (the person's name, e-mail,
 * the agency's name) counted as words an attacker knows. See app/lib/password-strength.server.ts.
 */
export async function estimatePasswordStrength(password: string, inputs: string[]): Promise<StrengthEstimate> {
  return (await run({ kind: "strength", password, inputs }, "strength", true)) as StrengthEstimate;
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
