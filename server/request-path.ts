// The one reading of a request's path that the server's path-based decisions use: static files
// and the page cache (decisions about where a request goes use the matched route instead,
// server/route-match.ts). React Router matches routes after decoding the path and ignoring
// case, so `/ADMIN/x` and `/%61dmin/x` reach the admin's routes: a rule that compared the raw
// text would miss them. It lives in app/lib/request-path.ts, so the insights (in the app, which
// never imports the server) count a page under the very same reading.
export { policyPath } from "../app/lib/request-path.ts";
