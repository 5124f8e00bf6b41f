// In the browser, loaded after the page is idle (app/components/site/web-vitals-reporter.tsx) so it
// never weighs on the first load: measures this page view's Core Web Vitals with Google's
// `web-vitals` library and sends them once, when the visitor leaves or hides the page, with
// navigator.sendBeacon to the site's own insights endpoint (no cookie is read or set; the server
// skips bots and the staff, and keeps only daily histograms, docs/analytics.md).
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import type { Vital } from "./vitals";

export function reportWebVitals(page: string): void {
  const values: Partial<Record<Vital, number>> = {};
  let sent = false;
  const keep = (metric: Metric) => {
    const name = metric.name.toLowerCase() as Vital;
    // Milliseconds as whole numbers; CLS is a score, kept to three decimals.
    values[name] = name === "cls" ? Math.round(metric.value * 1000) / 1000 : Math.round(metric.value);
  };
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  onFCP(keep);
  onTTFB(keep);
  const send = () => {
    if (sent || Object.keys(values).length === 0) return;
    sent = true;
    navigator.sendBeacon("/api/estatisticas?evento=vitais", JSON.stringify({ pagina: page, ...values }));
  };
  // web-vitals reports LCP, INP and CLS when the page is hidden, from listeners it added first:
  // by the time these run, they are in `values`. The first time the page is hidden ends the view.
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") send();
  });
  addEventListener("pagehide", send);
}
