// Starts the measuring of real visitors' Core Web Vitals (app/lib/analytics/vitals-client.ts)
// once the page has loaded and the browser is idle: the library is its own chunk, fetched then,
// so it is no part of the first load's JavaScript. One report per page load (a full page view);
// without JavaScript nothing is measured.
import { useEffect } from "react";

export function WebVitalsReporter() {
  useEffect(() => {
    // Once per page load: the layout stays mounted across client-side navigations.
    let cancelled = false;
    const start = () => {
      if (cancelled) return;
      const page = location.pathname;
      // A chunk that fails to load (offline) measures nothing; the page does not care.
      void import("~/lib/analytics/vitals-client").then((module) => module.reportWebVitals(page)).catch(() => {});
    };
    const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 2000));
    if (document.readyState === "complete") whenIdle();
    else addEventListener("load", whenIdle, { once: true });
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
