// The one logger of the server and the app: pino, one JSON object per line on stdout, in
// production and in development alike (pretty-printed only for a person watching a terminal:
// NODE_ENV=development with stdout on a TTY). Every line has `time` (ISO), `level` (a name:
// info, warn, error...) and `msg`; a line written while a request is being handled carries its
// `requestId`; an error is under `err`, with its type, message and stack (pino's serializer).
// The fields are listed in docs/operations.md.
//
// The HTTP server (server/*.ts, run by Node) and the app (bundled by Vite into the server build,
// or loaded by Vite in development) each load their own copy of this module. The logger is
// therefore kept process-wide (`remember`), and so is the request scope
// (app/lib/request-scope.server.ts): a line logged deep inside a loader still finds the request id
// the server gave the request.
import { remember } from "@epic-web/remember";
import { pino, type DestinationStream, type Logger } from "pino";
import { logLevelOf } from "./log-levels.ts";
import { currentRequestScope, type LogFields } from "./request-scope.server.ts";

interface Output {
  logger: Logger;
  /** Writes whole lines to the logger's own stream (so lines of both kinds never interleave). */
  write: (lines: string) => void;
}

async function createOutput(): Promise<Output> {
  const options: pino.LoggerOptions = {
    level: logLevelOf(process.env.LOG_LEVEL),
    base: undefined, // no pid and hostname on every line: the platform's log collector adds its own
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const scope = currentRequestScope();
      return scope ? { ...scope.log } : {};
    },
  };
  let stream: DestinationStream;
  if (process.env.NODE_ENV === "development" && process.stdout.isTTY) {
    // A development dependency: only loaded here, never in production.
    const { default: pretty } = await import("pino-pretty");
    stream = pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l" });
  } else {
    // Synchronous writes: a line logged just before the process exits (or crashes) is not lost.
    stream = pino.destination({ fd: 1, sync: true });
  }
  return { logger: pino(options, stream), write: (lines) => stream.write(lines) };
}

const output: Output = await remember("log-output", createOutput);
export const logger: Logger = output.logger;

/**
 * Access lines waiting to be written, a fraction of a second at most: one write for many requests
 * instead of one per request. A page served from the cache costs little more than the write of its
 * bytes: measured here as CPU time per cached GET /, about 150 µs with the line built by the
 * logger and written on its own, 105 µs built here and written together, 100 µs with no line at
 * all. Written out on exit (process.exit, the crash handler's exit and the end of the event loop
 * alike); a process killed outright loses at most the last 100 ms of access lines.
 */
const pendingAccess = remember("log-access-lines", () => {
  const state = { lines: "", timer: null as NodeJS.Timeout | null };
  process.once("exit", () => flushAccessLines(state));
  return state;
});
const ACCESS_FLUSH_MS = 100;
const ACCESS_FLUSH_BYTES = 64 * 1024;

function flushAccessLines(state: { lines: string; timer: NodeJS.Timeout | null }) {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  if (!state.lines) return;
  const lines = state.lines;
  state.lines = "";
  output.write(lines);
}

/** Adds fields to every later line of the current request (nothing outside a request). */
export function addLogFields(fields: Record<string, unknown>): void {
  const scope = currentRequestScope();
  if (scope) Object.assign(scope.log, fields);
}

type Level = "info" | "warn" | "error";

/** One line: `log("warn", "message", { field: value })`. Pass an error as `errorFields(error)`. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  logger[level](fields, msg);
}

/**
 * The access line of one request, at `info`: the same fields as any line (time, level, the
 * request's scope, msg "request"), built as one string of known fields instead of going through
 * the logger's serializers, and written with the others of the same moment.
 */
export function logRequest(scope: LogFields, fields: { method: string; path: string; status: number; ms: number; cache?: string; aborted?: boolean }): void {
  if (!logger.isLevelEnabled("info")) return;
  pendingAccess.lines += `${JSON.stringify({ level: "info", time: new Date().toISOString(), ...scope, ...fields, msg: "request" })}\n`;
  if (pendingAccess.lines.length >= ACCESS_FLUSH_BYTES) flushAccessLines(pendingAccess);
  else pendingAccess.timer ??= setTimeout(() => flushAccessLines(pendingAccess), ACCESS_FLUSH_MS).unref();
}

/** The fields that describe an error in a log line: pino's `err`, with its message and stack. */
export function errorFields(error: unknown): { err: unknown } {
  return { err: error };
}
