// An in-process cache of rendered public pages, answering before React renders. It is keyed by
// URL and by the cookie-consent choice (the only cookie that changes a shared page's HTML); a
// visitor with a chat conversation or a flash toast gets the shared page with those parts added
// (server/personal-page.ts), and nothing personal is ever stored. Each entry belongs to the content
// version it was rendered at: every admin write bumps the version in the database, and each
// instance re-reads it at most once per second (and right after any write request it served
// itself), so a change shows on every instance within a second. An entry of an earlier version is
// served again only after the server checked that every read it was built from answers the same
// now (server/app.ts); otherwise the page is rendered again.
// Entries also expire after a few minutes whatever happens, a safety net for a page that should
// not have been kept. Pages built from a degraded load (a failed read shown as an empty state)
// are never stored: server/app.ts does not offer them.
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

export interface CachedPage {
  status: number;
  /** The app's headers, minus per-response ones (Set-Cookie is never stored). */
  headers: Record<string, string>;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  /** When it was stored (Date.now()), for the bounded lifetime. */
  storedAt?: number;
  /** The content version it is right for. */
  version?: number;
  /** The kept reads it was built from, with their answers' fingerprints (app/lib/content-reads.server.ts). */
  reads?: ReadonlyMap<string, string>;
}

/** Cookies that may be present on a request served from (or stored in) the shared cache. */
const SHARED_COOKIES = new Set(["cookieConsent"]);
/** Paths that are never cached, whatever they answer. */
const PRIVATE_PREFIXES = ["/admin", "/healthz", "/media", "/api"];

export interface CacheLookup {
  key: string;
  /**
   * The request also carries cookies whose parts of the page are added for this visitor to the
   * shared page (the chat conversation, a flash toast): the page is rendered and stored without
   * them, and the copy sent is made personal (server/personal-page.ts).
   */
  personal: boolean;
}

/**
 * Whether a request only reads what every visitor sees (a GET or HEAD of a public path), whoever
 * sends it: the page cache may answer it, and its loaders may use reads kept for the current
 * content version (app/lib/content-reads.server.ts).
 */
export function isPublicRead(method: string, url: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const path = url.split("?", 1)[0]!;
  return !PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`));
}

/**
 * The cache entry a request may be answered from, or null when it must not be served from or
 * stored in the cache: not a GET/HEAD, a private path, credentials, or a cookie besides the
 * consent choice and `personalCookies` (an admin session...). Personal cookies on a data request
 * (/x.data, the browser's navigations with JavaScript) also bypass it: its answer is the loaders'
 * data, which carries the personal parts itself.
 */
export function pageCacheKey(method: string, url: string, headers: IncomingHttpHeaders, personalCookies: ReadonlySet<string> = new Set()): CacheLookup | null {
  if (!isPublicRead(method, url)) return null;
  if (headers.authorization) return null;
  let consent = "";
  let personal = false;
  const cookie = headers.cookie;
  if (cookie) {
    for (const part of cookie.split(";")) {
      const eq = part.indexOf("=");
      const name = (eq === -1 ? part : part.slice(0, eq)).trim();
      if (!name) continue;
      if (personalCookies.has(name)) {
        personal = true;
        continue;
      }
      if (!SHARED_COOKIES.has(name)) return null;
      // Only the two values the app understands change the page; anything else renders as none.
      const value = part.slice(eq + 1).trim();
      consent = value === "accepted" || value === "rejected" ? value : "";
    }
  }
  if (personal && url.split("?", 1)[0]!.endsWith(".data")) return null;
  return { key: `${consent}|${url}`, personal };
}

/** The request's Cookie header with only the cookies a shared page may depend on (the consent choice). */
export function sharedCookies(cookie: string | undefined): string {
  if (!cookie) return "";
  return cookie
    .split(";")
    .filter((part) => SHARED_COOKIES.has(part.split("=", 1)[0]!.trim()))
    .map((part) => part.trim())
    .join("; ");
}

/** Whether an app response may be stored: a 200 HTML page with nothing personal in it. */
export function isStorable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return false;
  if (response.headers.has("set-cookie")) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/private|no-store|no-cache/i.test(cacheControl)) return false;
  const vary = response.headers.get("vary");
  if (vary && vary.split(",").some((v) => !/^\s*(accept-encoding|cookie)\s*$/i.test(v))) return false;
  return true;
}

export function etagOf(body: Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
}

export interface PageCacheOptions {
  readVersion: () => Promise<number>;
  maxEntries?: number;
  maxBytes?: number;
  checkEveryMs?: number;
  /** How long an entry may be served at most, whatever the content version says. */
  maxAgeMs?: number;
}

/** The default lifetime of an entry. */
const PAGE_MAX_AGE_MS = 5 * 60 * 1000;

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private bytes = 0;
  private version: number | null = null;
  private checkedAt = 0;
  private checking: Promise<number> | null = null;
  private followUp: Promise<number> | null = null;
  private expiries = 0;
  private readonly readVersion: () => Promise<number>;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly checkEveryMs: number;
  private readonly maxAgeMs: number;

  constructor(options: PageCacheOptions) {
    this.readVersion = options.readVersion;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.checkEveryMs = options.checkEveryMs ?? 0;
    this.maxAgeMs = options.maxAgeMs ?? PAGE_MAX_AGE_MS;
  }

  /**
   * The current content version. With the default interval of 0 it is read for every request, so a
   * change made through any instance shows at once; reads are coalesced: a request that arrives
   * while a read is under way waits for the one follow-up read shared by everyone who arrived
   * meanwhile (the running read may predate its arrival, and with it a write).
   */
  currentVersion(): number | Promise<number> {
    if (this.version !== null && this.checkEveryMs > 0 && Date.now() - this.checkedAt < this.checkEveryMs) return this.version;
    if (!this.checking) return (this.checking = this.startCheck());
    return (this.followUp ??= this.checking.then(() => {
      this.followUp = null;
      return (this.checking ??= this.startCheck());
    }));
  }

  private startCheck(): Promise<number> {
    const expiries = this.expiries;
    return this.readVersion()
      .then((version) => {
        this.version = version;
        // A change announced while this read was under way may postdate it: read again next time.
        if (expiries === this.expiries) this.checkedAt = Date.now();
        return version;
      })
      .finally(() => {
        this.checking = null;
      });
  }

  /** Forces the next request to re-read the version (after a write here, or one announced by another instance). */
  expireVersion(): void {
    this.expiries++;
    this.checkedAt = 0;
  }

  /** The page stored for `key` at the current content version. */
  get(key: string): CachedPage | undefined {
    const page = this.live(key);
    return page?.version === this.version ? page : undefined;
  }

  /** The page stored for `key` at an earlier content version: right now only if its reads answer the same. */
  earlier(key: string): CachedPage | undefined {
    const page = this.live(key);
    return page && page.version !== this.version ? page : undefined;
  }

  /** Marks an earlier page as right for `version` (its reads answer the same), unless the content changed meanwhile. */
  renew(key: string, page: CachedPage, version: number): boolean {
    if (version !== this.version || this.entries.get(key) !== page) return false;
    page.version = version;
    return true;
  }

  private live(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (page && Date.now() - (page.storedAt ?? 0) >= this.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    if (page) {
      // Map order is insertion order: re-inserting keeps the most recently used last.
      this.entries.delete(key);
      this.entries.set(key, page);
    }
    return page;
  }

  /** Stores a page rendered at `renderedAt`, unless the content changed meanwhile. */
  set(key: string, page: CachedPage, renderedAt: number): void {
    if (renderedAt !== this.version) return;
    const size = page.body.length + page.br.length + page.gzip.length;
    if (size > this.maxBytes / 4) return;
    this.delete(key);
    // The object itself, so what is kept alongside it (the gzip pieces of personal copies) is found again.
    page.storedAt = Date.now();
    page.version = renderedAt;
    this.entries.set(key, page);
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= page.body.length + page.br.length + page.gzip.length;
  }
}
