// The request pipeline of the HTTP server, in production and in `npm run dev` alike, in order:
//   1. a request id and one JSON log line per request;
//   2. static files (hashed assets: precompressed, immutable; in development Vite serves them);
//   3. CSRF: a cross-site write is refused with 403 before the app runs;
//   4. request bodies: read here up to a size limit (413 past it), except admin uploads, which
//      stream to the app with their own limits (server/request-body.ts);
//   5. the page cache (production build only): GETs of public pages answered from memory (ETag/304);
//      a visitor's chat conversation or flash toast is added to their copy of the shared page;
//      after a content change, a page whose reads all answer as before is kept, not rendered again;
//   6. the React Router app, with a fresh CSP nonce; its responses compressed, and stored in
//      the page cache when they are public HTML built from complete loads.
// Security headers are set on every response; admin responses are never stored by anyone
// (Cache-Control: no-store); after every response the unread rest of the request body is
// drained or the connection closed, so keep-alive connections never wedge.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createRequest } from "@remix-run/node-fetch-server";
import { createRequestHandler, RouterContextProvider } from "react-router";
import sirv from "sirv";
import { compressBoth, isCompressible, negotiateEncoding, streamingCompressor, type Encoding } from "./compression.ts";
import { crossSiteRefusal } from "./csrf.ts";
import { errorFields, log } from "./logger.ts";
import { etagOf, isPublicRead, isStorable, pageCacheKey, PageCache, sharedCookies, type CachedPage } from "./page-cache.ts";
import { personalize, personalizeGzip } from "./personal-page.ts";
import { createNonce, inlineScriptHashes, securityHeaders, type SecurityOptions } from "./security-headers.ts";
import { BODY_TOO_LARGE, BodyTooLarge, bodyTooLargePage, drainAfterResponse, PUBLIC_BODY_LIMIT, readBody, streamsToApp, wantsJson } from "./request-body.ts";
import { clientAddress } from "./client-address.ts";

/** What the server needs from the app (server/app-entry.ts, bundled by Vite). */
export type AppModule = typeof import("./app-entry.ts");

export interface ServerOptions {
  /**
   * The app: the built bundle, or (development) a function that loads it from the sources for each
   * request, so an edit shows on the next request. Only a fixed build has a page cache: the
   * sources can change under a stored page without any content version noticing.
   */
  app: AppModule | (() => Promise<AppModule>);
  /** The build whose client files are served (hashed assets, public/); null when Vite serves them. */
  buildDir: string | null;
  mode: string;
  siteUrl: string | undefined;
  mediaOrigins: string[];
  /** How many reverse proxies sit in front of the server (TRUST_PROXY); 0 ignores X-Forwarded-For. */
  trustedProxies?: number;
  /** How long a read of the content version may be reused (PAGE_CACHE_CHECK_MS) when no change was announced; 0 reads per request. */
  versionCheckMs?: number;
}

/** Public HTML may be kept by shared caches for a minute and served stale while revalidating. */
const PUBLIC_HTML_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
const PERSONAL_CACHE_CONTROL = "private, no-cache";
/** Admin pages and their data: never kept by the browser's or anyone's cache. */
const ADMIN_CACHE_CONTROL = "no-store";

/** The admin area: its pages (/admin, /admin/...) and their single-fetch data (/admin.data, /admin/x.data). */
function isAdminPath(url: string): boolean {
  const path = url.split("?", 1)[0]!;
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin.");
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export function createServerHandler(options: ServerOptions): { handle: Handler; cache: PageCache } {
  const fixedApp = typeof options.app === "function" ? null : options.app;
  const loadApp = typeof options.app === "function" ? options.app : async () => fixedApp!;
  // A fixed build is handed over as itself: given a function, React Router derives its route
  // table again (createStaticHandler, every path compiled and ranked) for every request.
  const handleRequest = createRequestHandler(fixedApp ? fixedApp.build : async () => (await loadApp()).build, options.mode);
  const security: SecurityOptions = {
    mediaOrigins: options.mediaOrigins,
    production: options.mode === "production",
    viteStyles: options.buildDir === null,
  };
  const staticHeaders = securityHeaders(null, security);
  const cache = new PageCache({ readVersion: () => fixedApp!.currentContentVersion(), checkEveryMs: options.versionCheckMs });
  const personalCookies = new Set(fixedApp?.PERSONAL_PART_COOKIES ?? []);
  /** Renders for the page cache under way, by content version and cache key. */
  const rendering = new Map<string, Promise<CachedPage | null>>();
  // Another instance's write (PostgreSQL NOTIFY) makes the next request re-read the version.
  fixedApp?.watchContentVersion(() => cache.expireVersion());

  const staticFiles = options.buildDir === null ? null : clientFiles(options.buildDir);

  async function serveApp(req: IncomingMessage, res: ServerResponse, requestId: string, setCacheStatus: (s: string) => void) {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    let body: Buffer | null = null;
    if (!streamsToApp(method, url, req.headers)) {
      try {
        body = await readBody(req, PUBLIC_BODY_LIMIT);
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        log("warn", "request body too large", { requestId, method, path: url.split("?", 1)[0] });
        return sendBodyTooLarge(req, res);
      }
    }
    // Answered before anything is awaited: a client that closes its side right after sending (as
    // some do with such requests) would otherwise get no answer at all.
    if (!URL.canParse(url, `http://${req.headers.host ?? "localhost"}`)) return sendMalformed(res, requestId, method, new Error("no URL"));
    // What every visitor sees: the page cache may answer it, and the loaders may use reads kept for
    // the content version read here (a bypassing visitor's page is rendered from them too).
    const publicRead = fixedApp !== null && isPublicRead(method, url);
    let lookup = publicRead ? pageCacheKey(method, url, req.headers, personalCookies) : null;
    let version: number | null = null;
    if (publicRead) {
      try {
        version = await cache.currentVersion();
      } catch (error) {
        log("warn", "page cache: content version unreadable, cache bypassed", { requestId, ...errorFields(error) });
        lookup = null;
      }
    }
    // A page another request is rendering for the cache (after a content change, many visitors
    // ask for the same few pages at once) is waited for rather than rendered again.
    const renderKey = lookup && method === "GET" ? `${version}|${lookup.key}` : null;
    if (lookup) {
      let cached = cache.get(lookup.key);
      if (!cached && renderKey) cached = (await rendering.get(renderKey)) ?? undefined;
      if (cached && !lookup.personal) {
        setCacheStatus("hit");
        return sendCached(req, res, cached, "HIT");
      }
      if (cached && (await sendPersonal(req, res, cached, "HIT"))) return setCacheStatus("hit, personal");
    }

    const nonce = createNonce();
    const loadStatus = { degraded: false };
    /** The kept reads the page's render used: what it must be checked against after a change. */
    const readsUsed = new Set<string>();
    const app = await loadApp();
    const newContext = () => {
      const context = new RouterContextProvider();
      context.set(app.requestInfoContext, { ip: clientAddress(req, options.trustedProxies ?? 0), requestId });
      context.set(app.cspNonceContext, nonce);
      context.set(app.loadStatusContext, loadStatus);
      context.set(app.contentVersionContext, version);
      context.set(app.readsUsedContext, readsUsed);
      return context;
    };
    let request: Request;
    try {
      request = body === null ? createRequest(req, res) : requestWithBody(req, res, body);
    } catch (error) {
      return sendMalformed(res, requestId, method, error);
    }
    // Those waiting for this render get the stored page, or null (none was stored: they render their own).
    const render = renderKey && !rendering.has(renderKey) ? Promise.withResolvers<CachedPage | null>() : null;
    if (render) rendering.set(renderKey!, render.promise);
    let page: CachedPage | null = null;
    let response: Response | null = null;
    let cacheControl: string | undefined;
    try {
      page = render ? await stillRight(lookup!.key, version!) : null;
      if (!page) {
        // The shared page is rendered as for an anonymous visitor, whatever personal parts this one has.
        response = await handleRequest(lookup?.personal ? withCookies(request, sharedCookies(req.headers.cookie)) : request, newContext());
        if (method !== "GET" && method !== "HEAD") cache.expireVersion();
        // Admin answers, and a failed read shown as an empty state (right for this visitor, wrong for
        // the next ones), are kept by no cache, whatever the route said.
        cacheControl = isAdminPath(url) ? ADMIN_CACHE_CONTROL : loadStatus.degraded ? "no-store" : undefined;
        if (lookup && method === "GET" && !cacheControl && isStorable(response)) {
          page = await toCachedPage(response, security);
          page.reads = (await app.readFingerprints(readsUsed, version!)) ?? undefined;
          cache.set(lookup.key, page, version!);
        }
      }
    } finally {
      if (render) {
        rendering.delete(renderKey!);
        render.resolve(page);
      }
    }
    if (lookup && page) {
      // A page kept from before the change was not rendered: a hit.
      const cacheHeader = response ? "MISS" : "HIT";
      if (!lookup.personal) {
        setCacheStatus(response ? "miss" : "hit, unchanged");
        return sendCached(req, res, page, cacheHeader);
      }
      if (await sendPersonal(req, res, page, cacheHeader)) return setCacheStatus(response ? "miss, personal" : "hit, unchanged, personal");
    }
    if (lookup?.personal || !response) {
      // Not a page the cache keeps (a 404, a degraded load) or one whose parts could not be added:
      // rendered again, for this visitor, with their cookies.
      await response?.body?.cancel();
      response = await handleRequest(request, newContext());
    }
    setCacheStatus(lookup ? (loadStatus.degraded ? "degraded" : "uncacheable") : "bypass");
    return sendStreamed(req, res, response, securityHeaders(nonce, security), cacheControl);
  }

  /**
   * The page stored for `key` before the content changed, if every read it was built from answers
   * the same at `version` (a save elsewhere): it is right for this version too, and kept for it.
   */
  async function stillRight(key: string, version: number): Promise<CachedPage | null> {
    const earlier = cache.earlier(key);
    if (!earlier?.reads) return null;
    if (!(await fixedApp!.readsUnchanged(earlier.reads, version))) return null;
    return cache.renew(key, earlier, version) ? earlier : null;
  }

  /**
   * Sends the shared page with this visitor's parts added (their chat conversation, a flash toast),
   * never stored and marked private; false when the parts could not be placed.
   */
  async function sendPersonal(req: IncomingMessage, res: ServerResponse, page: CachedPage, cacheHeader: "HIT" | "MISS"): Promise<boolean> {
    const parts = await fixedApp!.personalParts(req.url ?? "/", req.headers.cookie ?? "");
    if (parts.replacements.length === 0 && parts.setCookies.length === 0) {
      // Nothing of theirs to show (a conversation past its retention): the shared page as it is.
      sendCached(req, res, page, cacheHeader);
      return true;
    }
    // gzip even when brotli is accepted: a gzip copy is put together from pieces compressed before.
    const encoding = negotiateEncoding(req.headers["accept-encoding"]) === "identity" ? "identity" : "gzip";
    const body = encoding === "gzip" ? await personalizeGzip(page, parts.replacements) : personalize(page, parts.replacements);
    if (!body) return false;
    sendPersonalCopy(req, res, page, { body, encoding, cookies: parts.setCookies, cacheHeader });
    return true;
  }

  /** A Host header or request target that makes no URL (`Host: a b`): the sender's mistake. */
  function sendMalformed(res: ServerResponse, requestId: string, method: string, error: unknown) {
    log("warn", "malformed request", { requestId, method, ...errorFields(error) });
    setHeaders(res, staticHeaders);
    res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end("Requisição inválida.");
  }

  function sendBodyTooLarge(req: IncomingMessage, res: ServerResponse) {
    setHeaders(res, staticHeaders);
    const json = wantsJson(req);
    const headers: Record<string, string> = {
      "Content-Type": json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
      "Cache-Control": "no-store",
    };
    res.writeHead(413, headers);
    res.end(json ? JSON.stringify({ error: BODY_TOO_LARGE }) : bodyTooLargePage());
  }

  const handle: Handler = (req, res) => {
    const started = performance.now();
    const requestId = randomUUID();
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    let cacheStatus: string | undefined;
    res.setHeader("X-Request-Id", requestId);
    drainAfterResponse(req, res);
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
      // Privacy-first insights: a page view, counted in memory once the answer is sent (app/lib/analytics/);
      // a count is never worth an error (in development the app may be reloading).
      loadApp()
        .then((app) => app.countPageView(req, res))
        .catch(() => {});
    });

    if (staticFiles && (method === "GET" || method === "HEAD")) {
      if (url.startsWith("/assets/")) {
        setHeaders(res, staticHeaders);
        req.url = url.slice("/assets".length);
        return staticFiles.assets(req, res, () => {
          req.url = url;
          res.statusCode = 404;
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
          res.end("Não encontrado");
        });
      }
      // Files from public/ (favicon, demo media...): any path whose last segment has an extension.
      if (/\.[a-z0-9]+$/i.test(url.split("?", 1)[0]!)) {
        setHeaders(res, staticHeaders);
        return staticFiles.publicFiles(req, res, () => runApp(req, res));
      }
    }

    const refusal = crossSiteRefusal(method, req.headers, options.siteUrl);
    if (refusal) {
      log("warn", "cross-site request refused", { requestId, method, path: url.split("?", 1)[0], reason: refusal });
      setHeaders(res, staticHeaders);
      res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      res.end("Requisição recusada: origem não permitida.");
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

/** The build's client files: hashed assets (immutable) and the files copied from public/. */
function clientFiles(buildDir: string) {
  return {
    assets: sirv(join(buildDir, "client/assets"), { immutable: true, maxAge: 31536000, gzip: true, brotli: true, etag: true }),
    publicFiles: sirv(join(buildDir, "client"), { maxAge: 3600, etag: true, gzip: true, brotli: true }),
  };
}

const SERVER_ERROR_PAGE =
  '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Erro | Wind Digital</title>' +
  '<h1>Unexpected Application Error!</h1><p>Ocorreu um erro inesperado.</p><a href="/">Voltar para o início</a></html>';

function setHeaders(res: ServerResponse, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** Headers the cache must not replay: they belong to one response (or are recomputed). */
const PER_RESPONSE_HEADERS = new Set(["set-cookie", "date", "content-length", "content-encoding", "transfer-encoding", "connection", "etag", "vary"]);

/**
 * The app's request for a body read here: same URL, headers and method, and a signal that aborts
 * when the visitor leaves before the answer is sent (as createRequest's does).
 */
function requestWithBody(req: IncomingMessage, res: ServerResponse, body: Buffer): Request {
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

async function toCachedPage(response: Response, security: SecurityOptions): Promise<CachedPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const { br, gzip } = await compressBoth(body);
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!PER_RESPONSE_HEADERS.has(name)) headers[name] = value;
  headers["cache-control"] ??= PUBLIC_HTML_CACHE_CONTROL;
  headers["vary"] = "Accept-Encoding, Cookie";
  // Every visitor gets these bytes, so the nonce they were rendered with is public: the policy
  // names the hashes of the page's own inline scripts instead, which nothing injected can match.
  const inline = { hashes: inlineScriptHashes(body.toString("utf8")) };
  for (const [name, value] of Object.entries(securityHeaders(inline, security))) headers[name.toLowerCase()] = value;
  return { status: response.status, headers, body, br, gzip, etag: etagOf(body) };
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

/** The request with another Cookie header (GETs only: the body is not carried over). */
function withCookies(request: Request, cookie: string): Request {
  const headers = new Headers(request.headers);
  if (cookie) headers.set("cookie", cookie);
  else headers.delete("cookie");
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

/** One visitor's copy of a cached page: private, without the shared ETag. */
function sendPersonalCopy(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  copy: { body: Buffer; encoding: "gzip" | "identity"; cookies: string[]; cacheHeader: "HIT" | "MISS" },
) {
  const headers: Record<string, string | number | string[]> = { ...page.headers, "cache-control": PERSONAL_CACHE_CONTROL, "x-cache": copy.cacheHeader };
  if (copy.cookies.length > 0) headers["set-cookie"] = copy.cookies;
  if (copy.encoding !== "identity") headers["content-encoding"] = copy.encoding;
  headers["content-length"] = copy.body.length;
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : copy.body);
}

async function sendStreamed(req: IncomingMessage, res: ServerResponse, response: Response, security: Record<string, string>, cacheControl: string | undefined) {
  setHeaders(res, security);
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  const contentType = response.headers.get("content-type");
  if (cacheControl) res.setHeader("cache-control", cacheControl);
  else if (contentType?.startsWith("text/html") && !response.headers.has("cache-control")) {
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
