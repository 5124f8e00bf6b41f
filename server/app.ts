// The request pipeline of the production server, in order:
//   1. a request id and one JSON log line per request;
//   2. static files (hashed assets: precompressed, immutable);
//   3. CSRF: a cross-site write is refused with 403 before the app runs;
//   4. the page cache: anonymous GETs of public pages answered from memory (ETag/304);
//   5. the React Router app, with a fresh CSP nonce; its responses compressed, and stored in
//      the page cache when they are public HTML.
// Security headers are set on every response.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createRequest } from "@remix-run/node-fetch-server";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import sirv from "sirv";
import { compressBoth, isCompressible, negotiateEncoding, streamingCompressor, type Encoding } from "./compression.ts";
import { crossSiteRefusal } from "./csrf.ts";
import { errorFields, log } from "./logger.ts";
import { etagOf, isStorable, pageCacheKey, PageCache, type CachedPage } from "./page-cache.ts";
import { createNonce, securityHeaders, type SecurityOptions } from "./security-headers.ts";
import { clientAddress } from "./client-address.ts";

/** What server/ needs from the app's entry module (app/entry.server.tsx). */
interface AppEntry {
  requestInfoContext: RouterContext<{ ip: string; requestId: string }>;
  cspNonceContext: RouterContext<string>;
  currentContentVersion: () => Promise<number>;
  watchContentVersion: (onChange: () => void) => () => void;
}

export interface ServerOptions {
  build: ServerBuild;
  buildDir: string;
  mode: string;
  siteUrl: string | undefined;
  mediaOrigins: string[];
  /** How many reverse proxies sit in front of the server (TRUST_PROXY); 0 ignores X-Forwarded-For. */
  trustedProxies?: number;
  /** How long a read of the content version may be reused (PAGE_CACHE_CHECK_MS) when no change was announced; 0 reads per request. */
  versionCheckMs?: number;
}

/** Public HTML may be kept by shared caches for a minute and served stale while revalidating. */
export const PUBLIC_HTML_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
const PERSONAL_CACHE_CONTROL = "private, no-cache";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export function createServerHandler(options: ServerOptions): { handle: Handler; cache: PageCache } {
  const handleRequest = createRequestHandler(options.build, options.mode);
  const entry = options.build.entry.module as unknown as AppEntry;
  const security: SecurityOptions = { mediaOrigins: options.mediaOrigins, production: options.mode === "production" };
  const staticHeaders = securityHeaders(null, security);
  const cache = new PageCache({ readVersion: entry.currentContentVersion, checkEveryMs: options.versionCheckMs });
  // Another instance's write (PostgreSQL NOTIFY) makes the next request re-read the version.
  entry.watchContentVersion(() => cache.expireVersion());

  const assets = sirv(join(options.buildDir, "client/assets"), {
    immutable: true,
    maxAge: 31536000,
    gzip: true,
    brotli: true,
    etag: true,
  });
  const publicFiles = sirv(join(options.buildDir, "client"), { maxAge: 3600, etag: true, gzip: true, brotli: true });

  async function serveApp(req: IncomingMessage, res: ServerResponse, requestId: string, setCacheStatus: (s: string) => void) {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    let key = pageCacheKey(method, url, req.headers);
    let version = 0;
    if (key) {
      try {
        version = await cache.currentVersion();
      } catch (error) {
        log("warn", "page cache: content version unreadable, cache bypassed", { requestId, ...errorFields(error) });
        key = null;
      }
    }
    if (key) {
      const cached = cache.get(key);
      if (cached) {
        setCacheStatus("hit");
        return sendCached(req, res, cached, "HIT");
      }
    }

    const nonce = createNonce();
    const context = new RouterContextProvider();
    context.set(entry.requestInfoContext, { ip: clientAddress(req, options.trustedProxies ?? 0), requestId });
    context.set(entry.cspNonceContext, nonce);
    const response = await handleRequest(createRequest(req, res), context);
    if (method !== "GET" && method !== "HEAD") cache.expireVersion();

    if (key && method === "GET" && isStorable(response)) {
      const page = await toCachedPage(response, nonce, security);
      cache.set(key, page, version);
      setCacheStatus("miss");
      return sendCached(req, res, page, "MISS");
    }
    setCacheStatus(key ? "uncacheable" : "bypass");
    return sendStreamed(req, res, response, securityHeaders(nonce, security));
  }

  const handle: Handler = (req, res) => {
    const started = performance.now();
    const requestId = randomUUID();
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    let cacheStatus: string | undefined;
    res.setHeader("X-Request-Id", requestId);
    res.once("close", () => {
      log("info", "request", {
        requestId,
        method,
        // The path only: query strings can carry personal data.
        path: url.split("?", 1)[0],
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(cacheStatus ? { cache: cacheStatus } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    });

    if (method === "GET" || method === "HEAD") {
      if (url.startsWith("/assets/")) {
        setHeaders(res, staticHeaders);
        req.url = url.slice("/assets".length);
        return assets(req, res, () => {
          req.url = url;
          res.statusCode = 404;
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
          res.end("Não encontrado");
        });
      }
      // Files from public/ (favicon, demo media...): any path whose last segment has an extension.
      if (/\.[a-z0-9]+$/i.test(url.split("?", 1)[0]!)) {
        setHeaders(res, staticHeaders);
        return publicFiles(req, res, () => runApp(req, res));
      }
    }

    const refusal = crossSiteRefusal(method, req.headers, options.siteUrl);
    if (refusal) {
      log("warn", "cross-site request refused", { requestId, method, path: url.split("?", 1)[0], reason: refusal });
      setHeaders(res, staticHeaders);
      res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      res.end("Requisição recusada: origem não permitida.");
      req.resume();
      return;
    }
    runApp(req, res);

    function runApp(req: IncomingMessage, res: ServerResponse) {
      serveApp(req, res, requestId, (status) => (cacheStatus = status)).catch((error: unknown) => {
        log("error", "request failed", { requestId, method, path: url.split("?", 1)[0], ...errorFields(error) });
        if (res.headersSent) {
          res.destroy();
          return;
        }
        setHeaders(res, staticHeaders);
        res.writeHead(500, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
        res.end(SERVER_ERROR_PAGE);
      });
    }
  };

  return { handle, cache };
}

const SERVER_ERROR_PAGE =
  '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Erro | Wind Digital</title>' +
  "<h1>Unexpected Application Error!</h1><p>Ocorreu um erro inesperado.</p><a href=\"/\">Voltar para o início</a></html>";

function setHeaders(res: ServerResponse, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** Headers the cache must not replay: they belong to one response (or are recomputed). */
const PER_RESPONSE_HEADERS = new Set(["set-cookie", "date", "content-length", "content-encoding", "transfer-encoding", "connection", "etag", "vary"]);

async function toCachedPage(response: Response, nonce: string, security: SecurityOptions): Promise<CachedPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const { br, gzip } = await compressBoth(body);
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!PER_RESPONSE_HEADERS.has(name)) headers[name] = value;
  headers["cache-control"] ??= PUBLIC_HTML_CACHE_CONTROL;
  headers["vary"] = "Accept-Encoding, Cookie";
  for (const [name, value] of Object.entries(securityHeaders(nonce, security))) headers[name.toLowerCase()] = value;
  return { status: response.status, headers, body, br, gzip, etag: etagOf(body), nonce };
}

function ifNoneMatch(req: IncomingMessage, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

function sendCached(req: IncomingMessage, res: ServerResponse, page: CachedPage, cacheHeader: "HIT" | "MISS") {
  const headers: Record<string, string | number> = { ...page.headers, etag: page.etag, "x-cache": cacheHeader };
  if (ifNoneMatch(req, page.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = negotiateEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  headers["content-length"] = body.length;
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

async function sendStreamed(req: IncomingMessage, res: ServerResponse, response: Response, security: Record<string, string>) {
  setHeaders(res, security);
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  const contentType = response.headers.get("content-type");
  if (contentType?.startsWith("text/html") && !response.headers.has("cache-control")) {
    res.setHeader("cache-control", PERSONAL_CACHE_CONTROL);
  }

  let encoding: Encoding = "identity";
  const hasBody = response.body !== null && req.method !== "HEAD" && response.status !== 204 && response.status !== 304;
  if (hasBody && isCompressible(contentType) && !response.headers.has("content-encoding")) {
    encoding = negotiateEncoding(req.headers["accept-encoding"]);
    const vary = res.getHeader("vary");
    res.setHeader("vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
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
    if (encoding === "identity") await pipeline(source, res);
    else await pipeline(source, streamingCompressor(encoding), res);
  } catch (error) {
    // A visitor who leaves mid-stream is not an error worth a stack.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ERR_STREAM_PREMATURE_CLOSE" && code !== "ERR_STREAM_UNABLE_TO_PIPE") throw error;
  }
}
