// Placeholder until the public site's header lands.
export function SiteHeader() {
  return null;
}
