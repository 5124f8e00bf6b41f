// Request bodies at the HTTP level, for every route:
// - A size limit on the bodies the app reads whole (public forms, the chat, consent, sign-in):
//   they are read here, up to PUBLIC_BODY_LIMIT, before the app runs, so a large POST can never
//   fill the server's memory; past the limit the visitor gets a 413 in Portuguese. Admin uploads
//   are streamed instead and keep their own, larger limits (app/lib/media/upload.server.ts).
// - Keep-alive safety: a response sent before its request body was read (a 405, a redirect to
//   the sign-in, a 413...) leaves the rest of the body on the connection, and the next request on
//   that connection would wait behind it forever. After every response the unread rest is
//   discarded, up to DRAIN_LIMIT bytes; a longer one (or one of unknown length) ends the
//   connection instead, gently (lingerThenClose), so that the client still reads the answer.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** The most a request body may carry, except admin uploads. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
/** How much of an unread body may be discarded to keep the connection; a longer body ends it. */
export const DRAIN_LIMIT = 1024 * 1024;
/** How long a closing connection goes on reading what its client still sends (lingerThenClose). */
export const LINGER_MS = 5_000;

export const BODY_TOO_LARGE = "O conteúdo enviado é grande demais. Encurte o texto e tente novamente.";

/**
 * Whether the body streams to the app with the upload limits instead of being read here: a
 * multipart form posted to a route of the admin area (its file uploads; `guarded`: the matched
 * route runs the admin guard, server/route-match.ts), never to the sign-in form, which is public.
 * An unauthenticated upload is answered by the admin guard and its body drained/closed.
 */
export function streamsToApp(method: string, guarded: boolean, headers: IncomingMessage["headers"]): boolean {
  if (method === "GET" || method === "HEAD") return true;
  return guarded && /^multipart\/form-data\b/i.test(headers["content-type"] ?? "");
}

export class BodyTooLarge extends Error {}

/** Reads the whole body, failing with BodyTooLarge as soon as it passes `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // Stop reading: drainAfterResponse decides what happens to the rest.
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/**
 * Whether the connection ends with this request's answer: its body is longer than DRAIN_LIMIT,
 * or of unknown length (chunked), so if it is answered before being read (a 413, a refusal, a
 * redirect to the sign-in) the rest is not worth discarding. Saying so in the answer
 * (`Connection: close`) keeps a client from sending its next request on that connection.
 */
function endsConnection(req: IncomingMessage): boolean {
  const declared = Number(req.headers["content-length"]);
  if (req.headers["content-length"] !== undefined && Number.isFinite(declared)) return declared > DRAIN_LIMIT;
  return req.headers["transfer-encoding"] !== undefined;
}

/**
 * Called before anything is answered. Marks the answer `Connection: close` when endsConnection
 * says so; once it is sent, deals with what is left of the request body (whoever stopped reading
 * it): on a connection that goes on it is discarded, so the connection can carry the next request
 * (endsConnection bounds it to DRAIN_LIMIT bytes); on one that ends, lingerThenClose.
 */
export function drainAfterResponse(req: IncomingMessage, res: ServerResponse): void {
  if (endsConnection(req)) res.setHeader("Connection", "close");
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    // Whatever was reading the body (the app's request stream) has answered and is done with it.
    req.removeAllListeners("data");
    // Node's server has already begun closing a connection whose answer ends it.
    if (req.socket.writableEnded) lingerThenClose(req.socket);
    req.resume();
  });
}

/**
 * Ends a connection whose client may still be sending its request body. A socket destroyed with
 * unread data makes the kernel answer with a reset, and a client still writing then fails (EPIPE,
 * ECONNRESET) before it reads the answer already sent: a browser shows a connection error instead
 * of the 413 page. Node's server does exactly that to an answer with `Connection: close`: it ends
 * the socket (a half-close, which is right) and destroys it as soon as the answer is written. So
 * the destroy is taken back: what the client still sends is read and discarded, and the socket is
 * destroyed only after LINGER_MS.
 */
function lingerThenClose(socket: Socket): void {
  socket.removeListener("finish", socket.destroy);
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}

/** Whether the request came from a script expecting JSON (the chat widget) rather than a page. */
export function wantsJson(req: IncomingMessage): boolean {
  return /^application\/json\b/i.test(req.headers["content-type"] ?? "") || /^application\/json\b/i.test(req.headers.accept ?? "");
}

export function bodyTooLargePage(): string {
  return (
    '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>Conteúdo grande demais | Wind Digital</title>" +
    `<h1>Conteúdo grande demais</h1><p>${BODY_TOO_LARGE}</p><p><a href="/">Voltar para o início</a></p></html>`
  );
}
