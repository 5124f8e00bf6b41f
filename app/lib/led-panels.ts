// Panels whose title contains "panel 01", "panel 08" or "panel 14" (any case) are
// featured under 'Destaque'; the rest go under 'Outros Painéis'. Order within each is kept.
const FEATURED = /panel (01|08|14)/i;

export function isFeaturedPanel(title: string): boolean {
  return FEATURED.test(title);
}

export function splitLedPanels<T extends { title: string }>(panels: T[]): { featured: T[]; others: T[] } {
  const featured: T[] = [];
  const others: T[] = [];
  for (const panel of panels) (isFeaturedPanel(panel.title) ? featured : others).push(panel);
  return { featured, others };
}
