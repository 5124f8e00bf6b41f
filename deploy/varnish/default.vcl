# Varnish 7 in front of the site's instances: anonymous page views are answered here, and every
# content write purges them (the app sends `PURGE` with `xkey-purge: site-pages` to
# EDGE_PURGE_URL). What this file keeps, for how long, and what it never keeps is explained in
# docs/operations.md ("Varnish in front"). The backends and who may purge are the installation's:
# backends.vcl, next to this file (an example ships with it).
vcl 4.1;

import std;
import cookie;
import directors;
import xkey;

include "backends.vcl";

sub vcl_recv {
  set req.backend_hint = app.backend();

  # The purge every content write sends: every stored page carries the tag it names.
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey-purge) {
      return (synth(400, "xkey-purge header missing"));
    }
    set req.http.n-gone = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged " + req.http.n-gone));
  }

  # Writes, and anything but a plain read, go to the app as they are.
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The admin, the API (chat, contact and insights beacons), the health check and single-fetch
  # data (`.data`, which carries the personal parts of a page) are never kept, whoever asks.
  if (req.url ~ "^/(admin|api|healthz)([/.?]|$)" || req.url ~ "\.data(\?|$)") {
    return (pass);
  }
  if (req.http.Authorization) {
    return (pass);
  }

  # The consent choice (the cookie notice) is the only cookie a shared page depends on, and the
  # chat's session cookie (all a chat with JavaScript sets) changes nothing in it. A visitor with
  # any other cookie (an admin session, a toast, the `__chat_conversa` of a no-JavaScript
  # conversation) gets their own page from the app, untouched; the others are looked up with only
  # the consent cookie left, which the app's `Vary: Cookie` then tells apart.
  if (req.http.Cookie) {
    cookie.parse(req.http.Cookie);
    cookie.delete("cookieConsent");
    cookie.delete("__chat");
    if (cookie.get_string() != "") {
      return (pass);
    }
    cookie.parse(req.http.Cookie);
    cookie.keep("cookieConsent");
    set req.http.Cookie = cookie.get_string();
    if (req.http.Cookie == "") {
      unset req.http.Cookie;
    }
  }
  return (hash);
}

sub vcl_backend_response {
  # xkey reads its tags from the `xkey` header; the app names them in Surrogate-Key (what Fastly
  # and Varnish Enterprise read) and Cache-Tag (Cloudflare).
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  # Only what the app gave an explicit shared lifetime is kept (stored pages, hashed assets,
  # media): never Varnish's default lifetime, so an answer that forgot to say stays uncached.
  if (beresp.http.Cache-Control !~ "(s-maxage|max-age)=[1-9]") {
    set beresp.uncacheable = true;
    set beresp.ttl = 0s;
    return (deliver);
  }
  # An answer that sets a cookie, or says private/no-store, is one visitor's: never kept (the
  # built-in rules that follow also refuse it; this states it where it is read).
  if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "private|no-store|no-cache") {
    set beresp.uncacheable = true;
    set beresp.ttl = 0s;
    return (deliver);
  }
  # After its lifetime, a page is asked again with its ETag (a 304 costs the app almost nothing).
  set beresp.keep = 1h;
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Edge = "HIT";
  } else {
    set resp.http.X-Edge = "MISS";
  }
  # The tags are for caches, not browsers.
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
}
