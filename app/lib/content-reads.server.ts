// Reads of public content (the site settings, the lists the public pages show) kept in memory for
// the content version they were read at. Every admin write bumps that version, and so does a
// scheduled blog post becoming due (content-version.server.ts), so a kept read is the database's
// answer until the version moves. The HTTP server puts the version it knows in the context of the
// requests that only read public content (GETs of public pages, as the page cache does), with the
// same freshness: a write through this instance or a change announced by another one makes it
// re-read the version. Other requests (admin pages, actions, a write and the loaders after it in
// one request) read the database as before.
import { createContext, type RouterContextProvider } from "react-router";

/** The content version the server vouches for in this request; null: read the database. */
export const contentVersionContext = createContext<number | null>(null);

const kept = new Map<string, { version: number; value: Promise<unknown> }>();
/** Reads keyed by a visitor's input (a blog post's address) must not grow the map without bound. */
const MAX_KEPT = 500;

/** `read()`'s answer, shared by every request made at the same content version. */
export function readAtContentVersion<T>(context: Readonly<RouterContextProvider> | undefined, key: string, read: () => Promise<T>): Promise<T> {
  const version = versionOf(context);
  if (version === null) return read();
  const hit = kept.get(key);
  if (hit?.version === version) return hit.value as Promise<T>;
  const value = read();
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(key, { version, value });
  // A failed read is not kept: the next request tries again.
  value.catch(() => {
    if (kept.get(key)?.value === value) kept.delete(key);
  });
  return value;
}

function versionOf(context: Readonly<RouterContextProvider> | undefined): number | null {
  try {
    return context?.get(contentVersionContext) ?? null;
  } catch {
    return null; // a context without this value (a loader called directly by a test)
  }
}
