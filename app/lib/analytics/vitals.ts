// Core Web Vitals of real visitors (LCP, INP, CLS, FCP, TTFB), as the insights keep them: per day,
// page and device, a histogram over fixed buckets, never a visitor's own measures. Shared by the
// server (what a beacon may say, how it is counted and read) and the insights page (Google's
// thresholds and their Portuguese names).

export const VITALS = ["lcp", "inp", "cls", "fcp", "ttfb"] as const;
export type Vital = (typeof VITALS)[number];

/** Google's thresholds: up to `good` is "Bom", up to `poor` "Precisa melhorar", past it "Ruim". */
export const THRESHOLDS: Record<Vital, { good: number; poor: number }> = {
  lcp: { good: 2500, poor: 4000 },
  inp: { good: 200, poor: 500 },
  cls: { good: 0.1, poor: 0.25 },
  fcp: { good: 1800, poor: 3000 },
  ttfb: { good: 800, poor: 1800 },
};

export const VITAL_LABELS: Record<Vital, string> = {
  lcp: "LCP (maior elemento)",
  inp: "INP (resposta a interações)",
  cls: "CLS (estabilidade do layout)",
  fcp: "FCP (primeiro conteúdo)",
  ttfb: "TTFB (resposta do servidor)",
};

/** The largest value a beacon may report: beyond it the measure is not a page view's. */
export const MAX_VALUE: Record<Vital, number> = { lcp: 120_000, inp: 120_000, cls: 100, fcp: 120_000, ttfb: 120_000 };

const MS_BUCKETS = [
  100, 200, 300, 400, 500, 600, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10_000, 15_000, 20_000, 30_000, 60_000, 120_000,
];
const CLS_BUCKETS = [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2, 5, 100];

/**
 * The upper bounds of each vital's buckets. Google's thresholds are bounds, so a 75th percentile
 * read from the histogram is on the right side of them.
 */
const BUCKETS: Record<Vital, number[]> = { lcp: MS_BUCKETS, inp: MS_BUCKETS, cls: CLS_BUCKETS, fcp: MS_BUCKETS, ttfb: MS_BUCKETS };

/** The bucket a value is counted in: the smallest upper bound at or above it. */
export function bucketOf(vital: Vital, value: number): number {
  const bounds = BUCKETS[vital];
  return bounds.find((bound) => value <= bound) ?? bounds[bounds.length - 1]!;
}

export type Rating = "Bom" | "Precisa melhorar" | "Ruim";

export function ratingOf(vital: Vital, value: number): Rating {
  const { good, poor } = THRESHOLDS[vital];
  return value <= good ? "Bom" : value <= poor ? "Precisa melhorar" : "Ruim";
}

/**
 * The 75th percentile of a histogram (bucket upper bound → count): the upper bound of the bucket
 * holding the view at 75% (the value is at most that), or null when there is nothing.
 */
export function percentile75(histogram: Map<number, number>): number | null {
  const total = [...histogram.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const bound of [...histogram.keys()].sort((x, y) => x - y)) {
    seen += histogram.get(bound)!;
    if (seen >= 0.75 * total) return bound;
  }
  return null;
}

/** How a value is written on the page and in the export: milliseconds, or CLS's unitless score. */
export function formatVital(vital: Vital, value: number): string {
  return vital === "cls" ? value.toLocaleString("pt-BR", { maximumFractionDigits: 3 }) : `${value.toLocaleString("pt-BR")} ms`;
}
