// The page cache: public pages rendered once and answered from memory, before React renders.
// How it works, in one place (docs/page-cache.md explains it for a newcomer):
//   - Which requests: GETs and HEADs of public paths, from visitors whose page looks like
//     everyone's (app/lib/shared-page.server.ts decides from the cookies). The key is the content
//     version, the consent choice and the URL; the page is rendered with a Cookie header rebuilt
//     from the key, never the visitor's own.
//   - Freshness: every content write bumps one content version in the database (so does a
//     scheduled post falling due, app/lib/content-version.server.ts), and every page of an
//     earlier version is no longer served: nothing per read or per page to register. Each instance
//     re-reads the version at most every PAGE_CACHE_CHECK_MS, at once after a write it served, and
//     at once when another instance announces one (PostgreSQL NOTIFY).
//   - Cost: when many ask for a page that is not stored, one render serves them all (lru-cache's
//     fetch); a page is compressed once (brotli and gzip) and answered with an ETag (304).
//   - Safety: only complete 200 HTML pages without Set-Cookie are stored (a degraded load never);
//     memory is bounded in bytes; an entry lives at most five minutes whatever happens.
import { LRUCache } from "lru-cache";
import type { StoredPage } from "./stored-page.ts";

export { sendStored, storedPage, type StoredPage } from "./stored-page.ts";

/** Paths that are never cached, whatever they answer (as app/lib/request-path.ts reads them). */
const PRIVATE_PREFIXES = ["/admin", "/healthz", "/media", "/api"];

/** Whether a request only reads what every visitor may see: a GET or HEAD of a public page. */
export function isPublicRead(method: string, path: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (path.endsWith(".data")) return false; // single-fetch data: never stored, and it carries the personal parts
  return !PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`));
}

/** Whether an app response may be stored: a 200 HTML page with nothing personal in it. */
export function isStorable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return false;
  if (response.headers.has("set-cookie")) return false;
  if (/private|no-store|no-cache/i.test(response.headers.get("cache-control") ?? "")) return false;
  const vary = response.headers.get("vary");
  return !vary || vary.split(",").every((v) => /^\s*(accept-encoding|cookie)\s*$/i.test(v));
}

export interface PageCacheOptions {
  /** The content version in the database (every content write changes it). */
  readVersion: () => Promise<number>;
  /** How long a read of the version is reused when no change was announced; 0 reads it per request. */
  checkEveryMs?: number;
  maxBytes?: number;
  /** How long a page may be served at most, whatever the content version says (a safety net). */
  maxAgeMs?: number;
}

/** A render for the cache: the page to store, or undefined when its answer must not be stored. */
type Render = () => Promise<StoredPage | undefined>;

export class PageCache {
  readonly #pages: LRUCache<string, StoredPage, Render>;
  readonly #readVersion: () => Promise<number>;
  readonly #checkEveryMs: number;
  #version: number | null = null;
  #checkedAt = 0;
  #checking: Promise<number> | null = null;
  #followUp: Promise<number> | null = null;
  #expiries = 0;

  constructor(options: PageCacheOptions) {
    this.#readVersion = options.readVersion;
    this.#checkEveryMs = options.checkEveryMs ?? 0;
    const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#pages = new LRUCache<string, StoredPage, Render>({
      maxSize: maxBytes,
      maxEntrySize: maxBytes / 4,
      sizeCalculation: (page) => page.body.length + page.br.length + page.gzip.length,
      ttl: options.maxAgeMs ?? 5 * 60 * 1000,
      // Everyone who asks while a page renders waits for that one render (its context: the
      // render of the request that asked first); a render that stores nothing leaves them to
      // render their own.
      fetchMethod: (_key, _stale, { context }) => context(),
      ignoreFetchAbort: true,
    });
  }

  /** The key of a page: the content version, the Cookie header it is rendered with, the URL. */
  static key(version: number, cookie: string, url: string): string {
    return `${version}|${cookie}|${url}`;
  }

  get(key: string): StoredPage | undefined {
    return this.#pages.get(key);
  }

  /** The page stored under `key`, or the one `render` makes (shared with everyone asking meanwhile). */
  fetch(key: string, render: Render): Promise<StoredPage | undefined> {
    return this.#pages.fetch(key, { context: render });
  }

  /** Forgets every page (the development server, after a code change). */
  clear(): void {
    this.#pages.clear();
  }

  get size(): number {
    return this.#pages.size;
  }

  /**
   * The current content version, read again when the last read is older than checkEveryMs or a
   * change was announced. Reads are shared: a request that arrives while a read is under way
   * waits for the one follow-up read of everyone who arrived meanwhile (the running read may
   * predate its arrival, and with it a write).
   */
  currentVersion(): number | Promise<number> {
    if (this.#version !== null && this.#checkEveryMs > 0 && Date.now() - this.#checkedAt < this.#checkEveryMs) return this.#version;
    if (!this.#checking) return (this.#checking = this.#startCheck());
    return (this.#followUp ??= this.#checking.then(() => {
      this.#followUp = null;
      return (this.#checking ??= this.#startCheck());
    }));
  }

  #startCheck(): Promise<number> {
    const expiries = this.#expiries;
    return this.#readVersion()
      .then((version) => {
        this.#version = version;
        // A change announced while this read was under way may postdate it: read again next time.
        if (expiries === this.#expiries) this.#checkedAt = Date.now();
        return version;
      })
      .finally(() => {
        this.#checking = null;
      });
  }

  /** Makes the next request read the version again (after a write here, or one announced by another instance). */
  expireVersion(): void {
    this.#expiries++;
    this.#checkedAt = 0;
  }
}
