// The HTTP server's request handling, in production and in `npm run dev` alike. The policy every
// request goes through is one list of named steps, in order (BACKBONE below); each reads the path
// once normalized (server/request-path.ts) or the route the request will reach
// (server/route-match.ts), never the raw URL's text:
//   1. requestLog: a request id (X-Request-Id, and on every log line written meanwhile), one JSON
//      line per request, a 500 page for what nothing else caught, and after every response the
//      unread rest of the request body drained or the connection closed (server/request-body.ts);
//   2. securityHeaders: the security headers on every response; documents get a fresh CSP nonce;
//   3. staticFiles: hashed assets (precompressed, immutable) and public/ (Vite serves them in development);
//   4. crossSiteRefusal: CSRF, a cross-site write is refused with 403 before the app runs;
//   5. bodyLimit: request bodies read here up to a size limit (413 past it), except uploads to the
//      admin area's routes, which stream to the app with their own limits;
//   6. pageCache: public pages that look the same for everyone, answered from memory (ETag/304),
//      rendered once per content version (server/page-cache/);
//   7. renderApp: the React Router app; its responses compressed as they stream. An answer that
//      depends on the visitor's cookies says so (Vary: Cookie, and private).
// Admin `no-store` is not here: the admin routes set it themselves, from the route the router
// matched (adminNoStore in app/lib/admin-guard.server.ts), so it holds for any spelling of their path.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createRequest } from "@remix-run/node-fetch-server";
import { createRequestHandler, RouterContextProvider } from "react-router";
import sirv from "sirv";
import { isCompressible, negotiateEncoding, compressAsRendered, joinedUntilPause, type Encoding } from "./compression.ts";
import { crossSiteRefusal } from "./csrf.ts";
import { errorFields, log, withRequestId } from "../app/lib/logger.server.ts";
import { isPublicRead, isStorable, PageCache, sendStored, storedPage } from "./page-cache/index.ts";
import { policyPath } from "./request-path.ts";
import { matchedRoutes } from "./route-match.ts";
import { createNonce, securityHeaders, type SecurityOptions } from "./security-headers.ts";
import { BODY_TOO_LARGE, BodyTooLarge, bodyTooLargePage, drainAfterResponse, PUBLIC_BODY_LIMIT, readBody, streamsToApp, wantsJson } from "./request-body.ts";
import { clientAddress } from "../app/lib/client-address.server.ts";

/** What the server needs from the app (server/app-entry.ts, bundled by Vite). */
export type AppModule = typeof import("./app-entry.ts");

export interface ServerOptions {
  /**
   * The app: the built bundle, or (development) a function that loads it from the sources for each
   * request, so an edit shows on the next request; the page cache is emptied whenever that
   * function returns another module (the sources changed).
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

/** A page rendered for one visitor: their browser may keep it, but must ask again before reusing it. */
const PERSONAL_CACHE_CONTROL = "private, no-cache";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** One request on its way through the steps: what the steps before have found out about it. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  requestId: string;
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
type Step = (exchange: Exchange, next: () => Promise<void>) => Promise<void> | void;

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
  /** The app module the cached pages were rendered by: another one (development, after an edit) empties the cache. */
  let cachedBy: AppModule | null = fixedApp;
  const cache = new PageCache({ readVersion: async () => (await loadApp()).pageCacheVersion(), checkEveryMs: options.versionCheckMs });
  // Another instance's write (PostgreSQL NOTIFY), or a scheduled post falling due, makes the next
  // request re-read the version.
  void loadApp().then((app) => app.watchContentVersion(() => cache.expireVersion()));
  const staticFiles = options.buildDir === null ? null : clientFiles(options.buildDir);

  const requestLog: Step = async (x, next) => {
    const started = performance.now();
    x.res.setHeader("X-Request-Id", x.requestId);
    drainAfterResponse(x.req, x.res);
    x.res.once("close", () => {
      log("info", "request", {
        requestId: x.requestId,
        method: x.method,
        // The path only: query strings can carry personal data.
        path: x.url.split("?", 1)[0],
        status: x.res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(x.cacheStatus ? { cache: x.cacheStatus } : {}),
        ...(x.res.writableFinished ? {} : { aborted: true }),
      });
      // Privacy-first insights: a page view, counted in memory once the answer is sent (app/lib/analytics/);
      // a count is never worth an error (in development the app may be reloading).
      void Promise.resolve()
        .then(() => x.app.countPageView(x.req, x.res))
        .catch(() => {});
    });
    try {
      // Every line logged while the request is handled (by the server or the app) carries its id.
      await withRequestId(x.requestId, next);
    } catch (error) {
      log("error", "request failed", { requestId: x.requestId, method: x.method, path: x.url.split("?", 1)[0], ...errorFields(error) });
      if (x.res.headersSent) {
        x.res.destroy();
        return;
      }
      setHeaders(x.res, staticHeaders);
      x.res.writeHead(500, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      x.res.end(SERVER_ERROR_PAGE);
    }
  };

  // Every answer gets them; the app's documents (renderApp, the page cache) replace the CSP with
  // one that allows their own inline scripts (the nonce, or the stored page's hashes).
  const withSecurityHeaders: Step = (x, next) => {
    setHeaders(x.res, staticHeaders);
    return next();
  };

  const serveStaticFiles: Step = (x, next) => {
    if (!staticFiles || (x.method !== "GET" && x.method !== "HEAD")) return next();
    const { req, res, url } = x;
    if (url.startsWith("/assets/")) {
      req.url = url.slice("/assets".length);
      return new Promise<void>((resolve) => {
        res.once("close", resolve);
        staticFiles.assets(req, res, () => {
          req.url = url;
          res.statusCode = 404;
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
          res.end("Não encontrado");
        });
      });
    }
    // Files from public/ (favicon, demo media...): any path whose last segment has an extension.
    if (!/\.[a-z0-9]+$/i.test(x.path)) return next();
    return new Promise<void>((resolve, reject) => {
      res.once("close", resolve);
      staticFiles.publicFiles(req, res, () => {
        // No such file: the app answers, and this step's listener goes (each one left on the
        // answer counts toward Node's limit of ten before it warns of a leak).
        res.off("close", resolve);
        next().then(resolve, reject);
      });
    });
  };

  const refuseCrossSite: Step = (x, next) => {
    const refusal = crossSiteRefusal(x.method, x.req.headers, options.siteUrl);
    if (!refusal) return next();
    log("warn", "cross-site request refused", { requestId: x.requestId, method: x.method, path: x.url.split("?", 1)[0], reason: refusal });
    x.res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    x.res.end("Requisição recusada: origem não permitida.");
  };

  const bodyLimit: Step = async (x, next) => {
    const reads = x.method !== "GET" && x.method !== "HEAD";
    if (reads && !streamsToApp(x.method, matchedRoutes(x.app.build, x.url).runs(x.app.adminGuard), x.req.headers)) {
      try {
        x.body = await readBody(x.req, PUBLIC_BODY_LIMIT);
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        log("warn", "request body too large", { requestId: x.requestId, method: x.method, path: x.url.split("?", 1)[0] });
        return sendBodyTooLarge(x.req, x.res);
      }
    }
    return next();
  };

  /** Renders the request in the app with this request's context (address, request id, nonce, load status). */
  function render(x: Exchange, request: Request, loadStatus: { degraded: boolean }) {
    x.nonce ||= createNonce();
    const context = new RouterContextProvider();
    context.set(x.app.requestInfoContext, { ip: clientAddress(x.req, options.trustedProxies ?? 0), requestId: x.requestId });
    context.set(x.app.cspNonceContext, x.nonce);
    context.set(x.app.loadStatusContext, loadStatus);
    return handleRequest(request, context);
  }

  /** The app's Request for this exchange, or null after answering 400. */
  function appRequest(x: Exchange): Request | null {
    try {
      return x.body === null ? createRequest(x.req, x.res) : requestWithBody(x.req, x.res, x.body);
    } catch (error) {
      return sendMalformed(x, error);
    }
  }

  const pageCacheAndApp: Step = async (x) => {
    const { req, res, method, url, app } = x;
    // Answered before anything is awaited: a client that closes its side right after sending (as
    // some do with such requests) would otherwise get no answer at all.
    if (!URL.canParse(url, `http://${req.headers.host ?? "localhost"}`)) return void sendMalformed(x, new Error("no URL"));
    if (app !== cachedBy) {
      cachedBy = app;
      cache.clear();
    }
    const loadStatus = { degraded: false };
    // The page everyone with these cookies gets: the cookies it is rendered with (rebuilt from
    // what the page depends on), or null when this visitor's page is their own.
    const sharedCookies = isPublicRead(method, x.path) && !req.headers.authorization ? await app.sharedPageCookies(req.headers.cookie) : null;
    let version: number | null = null;
    if (sharedCookies !== null) {
      try {
        version = await cache.currentVersion();
      } catch (error) {
        log("warn", "page cache: content version unreadable, cache bypassed", { requestId: x.requestId, ...errorFields(error) });
      }
    }
    const key = sharedCookies !== null && version !== null ? PageCache.key(version, sharedCookies, url) : null;
    // A stored page is sent as it is: no Request for the app, no nonce, no render.
    const stored = key === null ? undefined : cache.get(key);
    if (stored) {
      x.cacheStatus = "hit";
      return sendStored(req, res, stored, "HIT");
    }
    const request = appRequest(x);
    if (!request) return;
    /** The app's answer rendered for this request, if any (the cache's render sets it too). */
    const own: { response?: Response } = {};
    if (key !== null) {
      const shared = withCookies(request, sharedCookies!);
      // Everyone asking for this page while it renders waits for that one render.
      const page =
        method === "GET"
          ? await cache.fetch(key, async () => {
              const response = (own.response = await render(x, shared, loadStatus));
              // A failed read shown as an empty state is right for this visitor, wrong for the next ones.
              if (loadStatus.degraded || !isStorable(response)) return undefined;
              return storedPage(response, x.nonce, security);
            })
          : undefined;
      if (page) {
        x.cacheStatus = own.response ? "miss" : "hit";
        return sendStored(req, res, page, own.response ? "MISS" : "HIT");
      }
      // Not a page the cache keeps (a 404, a degraded load): this render's answer is sent as it is;
      // one who waited for another visitor's render renders their own.
      own.response ??= await render(x, shared, loadStatus);
    }
    const response = own.response ?? (await render(x, request, loadStatus));
    if (method !== "GET" && method !== "HEAD") cache.expireVersion();
    x.cacheStatus = sharedCookies === null ? "bypass" : loadStatus.degraded ? "degraded" : "uncacheable";
    // Degraded pages are kept by no cache, whatever the route said.
    const cacheControl = loadStatus.degraded ? "no-store" : undefined;
    return sendStreamed(req, res, response, securityHeaders(x.nonce, security), cacheControl);
  };

  /** The server's policy, in the order every request meets it (see the top of this file). */
  const BACKBONE: Step[] = [requestLog, withSecurityHeaders, serveStaticFiles, refuseCrossSite, bodyLimit, pageCacheAndApp];

  /** A Host header or request target that makes no URL (`Host: a b`): the sender's mistake. */
  function sendMalformed(x: Exchange, error: unknown): null {
    log("warn", "malformed request", { requestId: x.requestId, method: x.method, ...errorFields(error) });
    x.res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    x.res.end("Requisição inválida.");
    return null;
  }

  function sendBodyTooLarge(req: IncomingMessage, res: ServerResponse) {
    const json = wantsJson(req);
    const headers: Record<string, string> = {
      "Content-Type": json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
      "Cache-Control": "no-store",
    };
    res.writeHead(413, headers);
    res.end(json ? JSON.stringify({ error: BODY_TOO_LARGE }) : bodyTooLargePage());
  }

  const handle: Handler = (req, res) => {
    const url = req.url ?? "/";
    loadApp().then(
      (app) => {
        const exchange: Exchange = { req, res, requestId: randomUUID(), method: req.method ?? "GET", url, path: policyPath(url), app, nonce: "", body: null };
        const run = (i: number): Promise<void> => Promise.resolve(BACKBONE[i]?.(exchange, () => run(i + 1)));
        return run(0);
      },
      (error: unknown) => {
        // Development only: the app's sources do not load (a syntax error); the terminal says why.
        log("error", "app did not load", { method: req.method, path: url.split("?", 1)[0], ...errorFields(error) });
        setHeaders(res, staticHeaders);
        res.writeHead(500, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
        res.end(SERVER_ERROR_PAGE);
      },
    );
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

/** The request with another Cookie header (GETs and HEADs only: the body is not carried over). */
function withCookies(request: Request, cookie: string): Request {
  const headers = new Headers(request.headers);
  if (cookie) headers.set("cookie", cookie);
  else headers.delete("cookie");
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

async function sendStreamed(req: IncomingMessage, res: ServerResponse, response: Response, security: Record<string, string>, cacheControl: string | undefined) {
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
