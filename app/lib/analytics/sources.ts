// Where a visit came from, by one name per site: the link shims and subdomains a site sends its
// visitors through (l.instagram.com, lm.facebook.com, m.facebook.com, mail.google.com, t.co...) and
// the apps that say who they are instead of a web address (android-app://com.instagram.android)
// count under the site's own name, as Plausible groups them. Any other host is its own source.

/** Hosts and app ids that stand for a site without being one of its subdomains. */
const ALIASES = new Map<string, string>([
  ["t.co", "x.com"],
  ["twitter.com", "x.com"],
  ["lnkd.in", "linkedin.com"],
  ["youtu.be", "youtube.com"],
  ["fb.me", "facebook.com"],
  ["fb.com", "facebook.com"],
  ["wa.me", "whatsapp.com"],
  ["l.wl.co", "whatsapp.com"],
  ["pin.it", "pinterest.com"],
  ["t.me", "telegram.org"],
  // Android apps' referrers (android-app://<id>/): the app's id is the "host".
  ["com.google.android.gm", "google.com"],
  ["com.google.android.googlequicksearchbox", "google.com"],
  ["com.google.android.youtube", "youtube.com"],
  ["com.instagram.android", "instagram.com"],
  ["com.facebook.katana", "facebook.com"],
  ["com.facebook.orca", "facebook.com"],
  ["com.whatsapp", "whatsapp.com"],
  ["com.linkedin.android", "linkedin.com"],
  ["com.zhiliaoapp.musically", "tiktok.com"],
]);

/** Sites whose every subdomain (l., lm., m., mail., web., br.search....) is the site itself. */
const SITES = [
  "google.com",
  "facebook.com",
  "instagram.com",
  "whatsapp.com",
  "youtube.com",
  "linkedin.com",
  "x.com",
  "twitter.com",
  "tiktok.com",
  "pinterest.com",
  "bing.com",
  "yahoo.com",
  "duckduckgo.com",
  "reddit.com",
  "threads.net",
  "telegram.org",
  "live.com",
];

/** Google's search in every country (google.com.br, google.co.uk, google.de) is Google. */
const GOOGLE = /(?:^|\.)google\.(?:com?\.)?[a-z]{2,3}$/;

/** The longest source name kept: a host can be 253 characters, nobody reads past this. */
const MAX_SOURCE_LENGTH = 100;

/** The source a referring host (lower-case, without `www.`) counts as. */
export function sourceOf(host: string): string {
  const alias = ALIASES.get(host);
  if (alias) return alias;
  if (GOOGLE.test(host)) return "google.com";
  for (const site of SITES) {
    if (host === site || host.endsWith(`.${site}`)) return ALIASES.get(site) ?? site;
  }
  return host.slice(0, MAX_SOURCE_LENGTH);
}
