// Reads of public content (the site settings, the lists the public pages show) kept in memory for
// the content version they were read at. Every admin write bumps that version, and so does a
// scheduled blog post becoming due (content-version.server.ts), so a kept read is the database's
// answer until the version moves. The HTTP server puts the version it knows in the context of the
// requests that only read public content (GETs of public pages, as the page cache does), with the
// same freshness: a write through this instance or a change announced by another one makes it
// re-read the version. Other requests (admin pages, actions, a write and the loaders after it in
// one request) read the database as before.
//
// The page cache also learns from here what each page was built from: the keys of the kept reads
// its render used, with a fingerprint of each answer. After a change, a page whose reads all answer
// as before is still right and is kept (most saves touch one list, which a page or two show). So a
// public page must read content only through `readAtContentVersion`: a read made around it would
// go unnoticed (a unit test walks the public pages' imports to hold this).
import { createHash } from "node:crypto";
import { createContext, type RouterContext, type RouterContextProvider } from "react-router";

/** The content version the server vouches for in this request; null: read the database. */
export const contentVersionContext = createContext<number | null>(null);
/** Where a request rendered for the page cache collects the keys of the kept reads it used. */
export const readsUsedContext = createContext<Set<string> | null>(null);

interface KeptRead {
  version: number;
  value: Promise<unknown>;
  /** How to read it again at a later version. */
  read: () => Promise<unknown>;
  fingerprint?: Promise<string>;
}

const kept = new Map<string, KeptRead>();
/** Reads keyed by a visitor's input (a blog post's address) must not grow the map without bound. */
const MAX_KEPT = 500;

/** `read()`'s answer, shared by every request made at the same content version. */
export function readAtContentVersion<T>(context: Readonly<RouterContextProvider> | undefined, key: string, read: () => Promise<T>): Promise<T> {
  const version = valueOf(context, contentVersionContext);
  if (version === null) return read();
  valueOf(context, readsUsedContext)?.add(key);
  return keptRead(key, version, read).value as Promise<T>;
}

function keptRead(key: string, version: number, read: () => Promise<unknown>): KeptRead {
  const hit = kept.get(key);
  if (hit?.version === version) return hit;
  const entry: KeptRead = { version, value: read(), read };
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(key, entry);
  // A failed read is not kept: the next request tries again.
  entry.value.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  return entry;
}

/** A digest of a read's answer (rows serialize with their dates as ISO strings). */
function fingerprintOf(entry: KeptRead): Promise<string> {
  return (entry.fingerprint ??= entry.value.then((value) =>
    createHash("sha1")
      .update(JSON.stringify(value) ?? "undefined")
      .digest("base64url"),
  ));
}

/**
 * The fingerprints of the reads `keys` answered at `version`, for a page built from them; null
 * when one of them is no longer kept at that version (the page then cannot be kept past a change).
 */
export async function readFingerprints(keys: Iterable<string>, version: number): Promise<Map<string, string> | null> {
  const fingerprints = new Map<string, string>();
  try {
    for (const key of keys) {
      const entry = kept.get(key);
      if (entry?.version !== version) return null;
      fingerprints.set(key, await fingerprintOf(entry));
    }
  } catch {
    return null;
  }
  return fingerprints;
}

/**
 * Whether every read of `fingerprints` answers the same at `version` as when they were taken
 * (reading them again, once per version, as the pages would); false when one cannot be read again.
 */
export async function readsUnchanged(fingerprints: ReadonlyMap<string, string>, version: number): Promise<boolean> {
  if (fingerprints.size === 0) return false;
  try {
    for (const [key, fingerprint] of fingerprints) {
      const read = kept.get(key)?.read;
      if (!read) return false;
      if ((await fingerprintOf(keptRead(key, version, read))) !== fingerprint) return false;
    }
    return true;
  } catch {
    return false;
  }
}

function valueOf<T>(context: Readonly<RouterContextProvider> | undefined, key: RouterContext<T | null>): T | null {
  try {
    return context?.get(key) ?? null;
  } catch {
    return null; // a context without this value (a loader called directly by a test)
  }
}
