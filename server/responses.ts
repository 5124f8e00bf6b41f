// The answers the server writes itself (its error pages, a malformed request) and the way it sends
// the app's own answers: headers, Vary, personal caching and compression as the page streams.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { compressAsRendered, isCompressible, joinedUntilPause, negotiateEncoding, type Encoding } from "./compression.ts";
import { errorFields, log } from "../app/lib/logger.server.ts";
import type { Exchange } from "./exchange.ts";

/** A page rendered for one visitor: their browser may keep it, but must ask again before reusing it. */
const PERSONAL_CACHE_CONTROL = "private, no-cache";

const SERVER_ERROR_PAGE =
  '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Erro | Wind Digital</title>' +
  '<h1>Unexpected Application Error!</h1><p>Ocorreu um erro inesperado.</p><a href="/">Voltar para o início</a></html>';

export function setHeaders(res: ServerResponse, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** The 500 page, for what nothing else caught. */
export function sendServerError(res: ServerResponse, headers: Record<string, string>) {
  setHeaders(res, headers);
  res.writeHead(500, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(SERVER_ERROR_PAGE);
}

/** A Host header or request target that makes no URL (`Host: a b`): the sender's mistake. */
export function sendMalformed(x: Exchange, error: unknown): null {
  log("warn", "malformed request", { method: x.method, ...errorFields(error) });
  x.res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  x.res.end("Requisição inválida.");
  return null;
}

/**
 * The app's request for a body read here: same URL, headers and method, and a signal that aborts
 * when the visitor leaves before the answer is sent (as createRequest's does).
 */
export function requestWithBody(req: IncomingMessage, res: ServerResponse, body: Buffer): Request {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  headers.delete("transfer-encoding");
  headers.set("content-length", String(body.length));
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    body: new Uint8Array(body) as Uint8Array<ArrayBuffer>,
    signal: controller.signal,
  });
}

/** The request with another Cookie header (GETs and HEADs only: the body is not carried over). */
export function withCookies(request: Request, cookie: string): Request {
  const headers = new Headers(request.headers);
  if (cookie) headers.set("cookie", cookie);
  else headers.delete("cookie");
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

/** The app's answer, streamed (and compressed when the visitor accepts it) as React renders it. */
export async function sendStreamed(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  security: Record<string, string>,
  cacheControl: string | undefined,
) {
  setHeaders(res, security);
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  const contentType = response.headers.get("content-type");
  // Pages and their single-fetch data (text/x-script) come from loaders that read cookies (the
  // consent choice, the chat, a toast); files and feeds from resource routes do not.
  const fromLoaders = /^text\/(html|x-script)\b/i.test(contentType ?? "");
  if (cacheControl) res.setHeader("cache-control", cacheControl);
  else if (
    fromLoaders &&
    (req.headers.cookie || !response.headers.has("cache-control")) &&
    !/private|no-store/i.test(response.headers.get("cache-control") ?? "")
  ) {
    // Rendered with this visitor's cookies: theirs alone, whatever the route said.
    res.setHeader("cache-control", PERSONAL_CACHE_CONTROL);
  }
  if (fromLoaders) addVary(res, "Cookie");

  let encoding: Encoding = "identity";
  const hasBody = response.body !== null && req.method !== "HEAD" && response.status !== 204 && response.status !== 304;
  if (hasBody && isCompressible(contentType) && !response.headers.has("content-encoding")) {
    encoding = negotiateEncoding(req.headers["accept-encoding"]);
    addVary(res, "Accept-Encoding");
    if (encoding !== "identity") {
      res.setHeader("content-encoding", encoding);
      res.removeHeader("content-length");
    }
  }
  res.statusCode = response.status;
  if (!hasBody) {
    res.end();
    return;
  }
  if (res.destroyed) {
    // The visitor left before the answer was ready: nothing to send it to.
    await response.body?.cancel();
    return;
  }
  const source = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>);
  try {
    if (encoding === "identity") await pipeline(source, joinedUntilPause(), res);
    else await pipeline(source, ...compressAsRendered(encoding), res);
  } catch (error) {
    // A visitor who leaves mid-stream is not an error worth a stack.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ERR_STREAM_PREMATURE_CLOSE" && code !== "ERR_STREAM_UNABLE_TO_PIPE") throw error;
  }
}

function addVary(res: ServerResponse, name: string) {
  const vary = res.getHeader("vary");
  const names = vary
    ? String(vary)
        .split(",")
        .map((v) => v.trim().toLowerCase())
    : [];
  if (!names.includes(name.toLowerCase()) && !names.includes("*")) res.setHeader("vary", vary ? `${String(vary)}, ${name}` : name);
}
