// Request bodies at the HTTP level, for every route:
// - A size limit on the bodies the app reads whole (public forms, the chat, consent, sign-in):
//   they are read here, up to PUBLIC_BODY_LIMIT, before the app runs, so a large POST can never
//   fill the server's memory; past the limit the visitor gets a 413 in Portuguese. Admin uploads
//   are streamed instead and keep their own, larger limits (app/lib/upload.server.ts).
// - Keep-alive safety: a response sent before its request body was read (a 405, a redirect to
//   the sign-in, a 413...) leaves the rest of the body on the connection, and the next request on
//   that connection would wait behind it forever. After every response the unread rest is
//   discarded, up to DRAIN_LIMIT bytes; a longer one closes the connection instead.
import type { IncomingMessage, ServerResponse } from "node:http";

/** The most a request body may carry, except admin uploads. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
/** How much of an unread body is discarded to keep the connection; past it, the connection closes. */
export const DRAIN_LIMIT = 1024 * 1024;

export const BODY_TOO_LARGE = "O conteúdo enviado é grande demais. Encurte o texto e tente novamente.";

/**
 * Whether the body streams to the app with the upload limits instead of being read here: a
 * multipart form posted to the admin area (its file uploads), never the sign-in form, which is
 * public. An unauthenticated upload is answered by the admin guard and its body drained/closed.
 */
export function streamsToApp(method: string, url: string, headers: IncomingMessage["headers"]): boolean {
  if (method === "GET" || method === "HEAD") return true;
  const path = url.split("?", 1)[0]!;
  const admin = path.startsWith("/admin/") || path.startsWith("/admin.");
  if (!admin || /^\/admin\/login(\.data)?\/?$/.test(path)) return false;
  return /^multipart\/form-data\b/i.test(headers["content-type"] ?? "");
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
 * Once the response is sent, discards what is left of the request body (whoever stopped reading
 * it), so the connection can carry the next request; a body longer than DRAIN_LIMIT closes it.
 */
export function drainAfterResponse(req: IncomingMessage, res: ServerResponse): void {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    // Whatever was reading the body (the app's request stream) has answered and is done with it.
    req.removeAllListeners("data");
    let discarded = 0;
    req.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > DRAIN_LIMIT) req.socket.destroy();
    });
    req.resume();
  });
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
