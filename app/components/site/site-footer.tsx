// Placeholder until the public site's footer lands.
export function SiteFooter() {
  return null;
}
