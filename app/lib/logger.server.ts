// The one logger of the server and the app: pino, one JSON object per line on stdout, in
// production and in development alike (pretty-printed only for a person watching a terminal:
// NODE_ENV=development with stdout on a TTY). Every line has `time` (ISO), `level` (a name:
// info, warn, error...) and `msg`; a line written while a request is being handled carries its
// `requestId`; an error is under `err`, with its type, message and stack (pino's serializer).
// The fields are listed in docs/operations.md.
//
// The HTTP server (server/*.ts, run by Node) and the app (bundled by Vite into the server build,
// or loaded by Vite in development) each load their own copy of this module. The logger and the
// request scope are therefore kept process-wide (`remember`), so a line logged deep inside a
// loader still finds the request id the server gave the request.
import { AsyncLocalStorage } from "node:async_hooks";
import { remember } from "@epic-web/remember";
import { pino, type Logger } from "pino";

/** What every line logged for a request carries: its id, and what the app learns on the way (the admin's user id). */
type RequestScope = { requestId: string } & Record<string, unknown>;

const requestScope = remember("log-request-scope", () => new AsyncLocalStorage<RequestScope>());

async function createLogger(): Promise<Logger> {
  const options: pino.LoggerOptions = {
    level: "info",
    base: undefined, // no pid and hostname on every line: the platform's log collector adds its own
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const scope = requestScope.getStore();
      return scope ? { ...scope } : {};
    },
  };
  if (process.env.NODE_ENV === "development" && process.stdout.isTTY) {
    // A development dependency: only loaded here, never in production.
    const { default: pretty } = await import("pino-pretty");
    return pino(options, pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l" }));
  }
  // Synchronous writes: a line logged just before the process exits is not lost.
  return pino(options, pino.destination({ fd: 1, sync: true }));
}

export const logger: Logger = await remember("logger", createLogger);

/** Runs `fn` (and everything it starts) as part of one request: its log lines carry the request id. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ requestId }, fn);
}

/** Adds fields to every later line of the current request (nothing outside a request). */
export function addLogFields(fields: Record<string, unknown>): void {
  const scope = requestScope.getStore();
  if (scope) Object.assign(scope, fields);
}

type Level = "info" | "warn" | "error";

/** One line: `log("warn", "message", { field: value })`. Pass an error as `errorFields(error)`. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  logger[level](fields, msg);
}

/** The fields that describe an error in a log line: pino's `err`, with its message and stack. */
export function errorFields(error: unknown): { err: unknown } {
  return { err: error };
}
