// What the server's steps pass along: one request on its way through them (what the steps before
// have found out about it), and the shape of a step. The steps themselves are server/steps/*.ts,
// listed in order in server/app.ts.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LogFields } from "../app/lib/request-scope.server.ts";

/** What the server needs from the app (server/app-entry.ts, bundled by Vite). */
export type AppModule = typeof import("./app-entry.ts");

export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  requestId: string;
  /** The request's log scope: its id, and what the app adds on the way (the admin's user id). */
  logScope: LogFields;
  method: string;
  /** The request target as sent (path and query). */
  url: string;
  /** The path read once for every decision (decoded, dot segments resolved, lower-case). */
  path: string;
  app: AppModule;
  /** The nonce of this response's CSP, chosen when the app renders (a stored page needs none). */
  nonce: string;
  /** The body, when read here; null when it streams to the app (or there is none). */
  body: Buffer | null;
  /** What the page cache did (hit, miss, bypass...), for the request's log line. */
  cacheStatus?: string;
}

/** One named piece of the server's policy: it answers the request itself, or calls `next`. */
export type Step = (exchange: Exchange, next: () => Promise<void>) => Promise<void> | void;

/** Runs the steps in order: each one decides whether the next runs. */
export function runSteps(steps: readonly Step[], exchange: Exchange): Promise<void> {
  const run = (index: number): Promise<void> => Promise.resolve(steps[index]?.(exchange, () => run(index + 1)));
  return run(0);
}

/** The path only, for logs: query strings can carry personal data. */
export function pathForLog(exchange: Exchange): string {
  return exchange.url.split("?", 1)[0]!;
}
