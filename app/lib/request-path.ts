// The one reading of a request's path that every path-based decision uses: the server's static
// files and page cache (server/app.ts and server/index.ts import it) and the insights' count of a page.
// React Router matches routes after decoding the path and ignoring case, so `/ADMIN/x` and
// `/%61dmin/x` reach the admin's routes: a rule that compared the raw text would miss them.
// Isomorphic and dependency-free, so the server (which imports app/, never the other way) and the
// app read a path alike.

/** The path of `url` (a request target), percent-decoded, dot segments resolved, `//` collapsed, lower-case. */
export function policyPath(url: string): string {
  let path: string;
  try {
    // The URL parser resolves `.`/`..` (also when encoded as %2e) and drops the query.
    path = new URL(url.replace(/^\/+/, "/"), "http://x").pathname;
  } catch {
    path = url.split("?", 1)[0]!;
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape (`%E0%A4%A`) stays as it is; React Router will not match it either.
  }
  return path.replace(/\/{2,}/g, "/").toLowerCase();
}
