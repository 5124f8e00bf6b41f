// React Router's data URLs, in one place. With JavaScript, a navigation or a form post fetches the
// route's data from the page's URL with `.data` added: `/sobre` → `/sobre.data`, `/` →
// `/_root.data`, a path ending in a slash `/x/` → `/x/_.data`, and for a GET the routes asked for
// in `?_routes=`. React Router has no public function for this shape, so every place that needs
// it (the page a data request is for, whether a request is one) asks this module, and
// tests/unit/data-url.test.ts pins the shapes down: an upgrade that changes them fails there.

/** Whether the URL is a data request rather than a document. */
export function isDataUrl(url: URL): boolean {
  return url.pathname.endsWith(".data");
}

/** The page a data request is for (its path without `.data`, without `_routes`); any other URL as is. */
export function pageUrl(url: URL): URL {
  const page = new URL(url);
  if (!isDataUrl(page)) return page;
  const path = page.pathname;
  if (path === "/_root.data") page.pathname = "/";
  else if (path.endsWith("/_.data")) page.pathname = path.slice(0, -"_.data".length);
  else page.pathname = path.slice(0, -".data".length);
  page.searchParams.delete("_routes");
  return page;
}
