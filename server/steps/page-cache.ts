// The last step: the app itself, behind the page cache. Public pages that look the same for
// everyone are answered from memory (ETag/304) and rendered once per content version
// (server/page-cache/); everything else is rendered for its visitor and streamed, compressed as
// it renders. An answer that depends on the visitor's cookies says so (Vary: Cookie, private).
import { createRequest } from "@remix-run/node-fetch-server";
import { RouterContextProvider } from "react-router";
import { clientAddress } from "../../app/lib/client-address.server.ts";
import { isDegraded } from "../../app/lib/load-status.server.ts";
import { errorFields, log } from "../../app/lib/logger.server.ts";
import type { EdgePurger } from "../edge-purge.ts";
import type { AppModule, Exchange, Step } from "../exchange.ts";
import { isPublicRead, isStorable, PageCache, sendStored, storedPage } from "../page-cache/index.ts";
import { requestWithBody, sendMalformed, sendStreamed, withCookies } from "../responses.ts";
import { createNonce, securityHeaders, type SecurityOptions } from "../security-headers.ts";

export interface AppStepOptions {
  cache: PageCache;
  /** React Router's request handler for the app's build. */
  handleRequest: (request: Request, context: RouterContextProvider) => Promise<Response>;
  security: SecurityOptions;
  /** How many reverse proxies sit in front (TRUST_PROXY), for the visitor's address. */
  trustedProxies: number;
  /** The app the cache's pages were rendered by (a fixed build), or null in development. */
  fixedApp: AppModule | null;
  /** The shared cache's purger, when there is one: it decides the edge lifetime of stored pages. */
  edge?: EdgePurger | null;
}

export function pageCacheAndApp({ cache, handleRequest, security, trustedProxies, fixedApp, edge = null }: AppStepOptions): Step {
  /** The app module the cached pages were rendered by: another one (development, after an edit) empties the cache. */
  let cachedBy: AppModule | null = fixedApp;

  /**
   * Renders the request in the app with this request's context (address, request id, nonce). It
   * runs in the request's scope (the first step's): a read that fails and is shown as an empty
   * state marks it (markDegraded), and isDegraded() below reads the mark. A request renders once.
   */
  function render(x: Exchange, request: Request) {
    x.nonce ||= createNonce();
    const context = new RouterContextProvider();
    context.set(x.app.requestInfoContext, { ip: clientAddress(x.req, trustedProxies), requestId: x.requestId });
    context.set(x.app.cspNonceContext, x.nonce);
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

  return async (x) => {
    const { req, res, method, url, app } = x;
    // Answered before anything is awaited: a client that closes its side right after sending (as
    // some do with such requests) would otherwise get no answer at all.
    if (!URL.canParse(url, `http://${req.headers.host ?? "localhost"}`)) return void sendMalformed(x, new Error("no URL"));
    if (app !== cachedBy) {
      cachedBy = app;
      cache.clear();
    }
    // The page everyone with these cookies gets: the cookies it is rendered with (rebuilt from
    // what the page depends on), or null when this visitor's page is their own.
    const sharedCookies = isPublicRead(method, x.path) && !req.headers.authorization ? await app.sharedPageCookies(req.headers.cookie) : null;
    let version: number | null = null;
    if (sharedCookies !== null) {
      try {
        version = await cache.currentVersion();
      } catch (error) {
        log("warn", "page cache: content version unreadable, cache bypassed", errorFields(error));
      }
    }
    const key = sharedCookies !== null && version !== null ? PageCache.key(version, sharedCookies, url) : null;
    // A stored page is sent as it is: no Request for the app, no nonce, no render.
    const stored = key === null ? undefined : cache.get(key);
    if (stored) {
      x.cacheStatus = "hit";
      return sendStored(req, res, stored, "HIT", edge?.cacheControl());
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
              const response = (own.response = await render(x, shared));
              // A failed read shown as an empty state is right for this visitor, wrong for the next ones.
              if (isDegraded() || !isStorable(response)) return undefined;
              return storedPage(response, x.nonce, security);
            })
          : undefined;
      if (page) {
        x.cacheStatus = own.response ? "miss" : "hit";
        return sendStored(req, res, page, own.response ? "MISS" : "HIT", edge?.cacheControl());
      }
      // Not a page the cache keeps (a 404, a degraded load): this render's answer is sent as it is;
      // one who waited for another visitor's render renders their own.
      own.response ??= await render(x, shared);
    }
    const response = own.response ?? (await render(x, request));
    if (method !== "GET" && method !== "HEAD") cache.expireVersion();
    const degraded = isDegraded();
    x.cacheStatus = sharedCookies === null ? "bypass" : degraded ? "degraded" : "uncacheable";
    // Degraded pages are kept by no cache, whatever the route said.
    const cacheControl = degraded ? "no-store" : undefined;
    return sendStreamed(req, res, response, securityHeaders(x.nonce, security), cacheControl);
  };
}
