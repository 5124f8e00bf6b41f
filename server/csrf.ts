// Cross-site request forgery: a state-changing request (POST, PUT, PATCH, DELETE...) sent by a
// browser from another site is refused before the app runs. Browsers say where a request comes
// from (Sec-Fetch-Site, Origin); requests that carry neither (curl, tests, server-to-server)
// are not browser form posts and pass. Session cookies are SameSite=Lax as a second layer.
import type { IncomingHttpHeaders } from "node:http";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origins a form on this site can have: SITE_URL's and the request's own host. */
function ownOrigins(headers: IncomingHttpHeaders, siteUrl: string | undefined): Set<string> {
  const origins = new Set<string>();
  if (siteUrl) {
    try {
      origins.add(new URL(siteUrl).origin);
    } catch {
      // validated at start-up
    }
  }
  const host = headers.host;
  if (host) {
    origins.add(`http://${host}`.toLowerCase());
    origins.add(`https://${host}`.toLowerCase());
  }
  return origins;
}

/** Why the request must be refused, or null when it may go on. */
export function crossSiteRefusal(method: string, headers: IncomingHttpHeaders, siteUrl: string | undefined): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const fetchSite = headerValue(headers["sec-fetch-site"]);
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return `sec-fetch-site ${fetchSite}`;
  const origin = headerValue(headers.origin);
  if (origin === undefined) return null;
  if (!ownOrigins(headers, siteUrl).has(origin.toLowerCase())) return `origin ${origin}`;
  return null;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
