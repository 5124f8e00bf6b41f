// The purge of the shared cache in front (Varnish, deploy/varnish/default.vcl): every stored page
// carries one tag (EDGE_TAG), and every content change this instance hears of (its own writes, a
// NOTIFY from another instance, a scheduled post falling due, a reconnection of the listener that
// may have missed some) purges that tag at every EDGE_PURGE_URL. That is what makes an edge
// lifetime safe at all; so that a purge that cannot be delivered never leaves pages stale for
// long, the lifetime this instance gives its pages drops from EDGE_LIFETIME_S to
// EDGE_SHORT_LIFETIME_S until every endpoint has taken the purge again.
//   - Each change is purged twice: at once, and again after the longest an instance may keep
//     answering from its last read of the content version (PAGE_CACHE_CHECK_MS). An instance
//     that had not yet heard of the change when the edge refetched a page may have handed it the
//     old page; the second purge drops that one.
//   - A failed delivery (an error, a timeout or a non-2xx answer) is retried after 0.2 s and 1 s;
//     then it is logged and retried every RETRY_EVERY_MS until it goes through (logged again then).
//   - Changes that arrive while a purge is on its way are folded into one more purge after it.
import { errorFields, log } from "../app/lib/logger.server.ts";

/** The tag of every stored page (Surrogate-Key, Cache-Tag, Varnish's xkey). */
export const EDGE_TAG = "site-pages";
/** How long the edge may answer a stored page while purges are delivered. */
const EDGE_LIFETIME_S = 60;
/** How long it may once a purge could not be delivered, until one is again. */
const EDGE_SHORT_LIFETIME_S = 5;

const RETRY_DELAYS_MS = [200, 1000];
const RETRY_EVERY_MS = 5000;
const TIMEOUT_MS = 2000;

interface Target {
  url: string;
  sending: boolean;
  /** A change arrived while a purge was on its way (or waiting to be retried). */
  again: boolean;
  /** The last purge could not be delivered. */
  failing: boolean;
  retry: NodeJS.Timeout | null;
}

export interface EdgePurgerOptions {
  urls: string[];
  /** How long after a change its second purge goes (PAGE_CACHE_CHECK_MS, and a little more). */
  followUpMs: number;
}

export class EdgePurger {
  readonly #targets: Target[];
  readonly #followUpMs: number;
  #followUp: NodeJS.Timeout | null = null;

  constructor({ urls, followUpMs }: EdgePurgerOptions) {
    this.#targets = urls.map((url) => ({ url, sending: false, again: false, failing: false, retry: null }));
    this.#followUpMs = followUpMs;
  }

  /** Purges every stored page at the edge now, and once more after followUpMs. */
  contentChanged(): void {
    this.#purgeAll();
    if (this.#followUp) clearTimeout(this.#followUp);
    this.#followUp = setTimeout(() => {
      this.#followUp = null;
      this.#purgeAll();
    }, this.#followUpMs);
    this.#followUp.unref();
  }

  /** Whether some endpoint has not taken the last purge (pages then get the short lifetime). */
  get failing(): boolean {
    return this.#targets.some((t) => t.failing);
  }

  /** The Cache-Control of stored pages: the edge lifetime, short while a purge is undelivered. */
  cacheControl(): string {
    const lifetime = this.failing ? EDGE_SHORT_LIFETIME_S : EDGE_LIFETIME_S;
    // Browsers keep revalidating every time (max-age=0): only the purged cache keeps the page.
    return `public, max-age=0, s-maxage=${lifetime}, must-revalidate`;
  }

  /** Stops the timers (shutdown, tests). */
  stop(): void {
    if (this.#followUp) clearTimeout(this.#followUp);
    for (const t of this.#targets) if (t.retry) clearTimeout(t.retry);
  }

  #purgeAll(): void {
    for (const target of this.#targets) {
      if (target.sending) {
        target.again = true;
        continue;
      }
      if (target.retry) clearTimeout(target.retry);
      target.retry = null;
      void this.#send(target);
    }
  }

  async #send(target: Target): Promise<void> {
    target.sending = true;
    let delivered: boolean;
    do {
      target.again = false;
      delivered = await deliver(target.url);
    } while (delivered && target.again);
    target.sending = false;
    if (delivered) {
      if (target.failing) log("info", "edge purge delivered again", { url: target.url });
      target.failing = false;
      return;
    }
    target.failing = true;
    target.retry = setTimeout(() => {
      target.retry = null;
      void this.#send(target);
    }, RETRY_EVERY_MS);
    target.retry.unref();
  }
}

/** One purge, with its retries; false (and logged) when none went through. */
async function deliver(url: string): Promise<boolean> {
  let failure: Record<string, unknown> = {};
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt - 1]));
    try {
      const response = await fetch(url, { method: "PURGE", headers: { "xkey-purge": EDGE_TAG }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      await response.body?.cancel();
      if (response.ok) return true;
      failure = { status: response.status };
    } catch (error) {
      failure = errorFields(error);
    }
  }
  log("error", `edge purge failed: pages get a ${EDGE_SHORT_LIFETIME_S} s edge lifetime until it is delivered`, {
    url,
    attempts: RETRY_DELAYS_MS.length + 1,
    ...failure,
  });
  return false;
}
