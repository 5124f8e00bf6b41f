// The cost of the insights on the fast path: cached GET / with counting on against the same build
// with ANALYTICS=off, two servers on the demo seed hammered in alternating rounds (so a burst of
// load from elsewhere on the machine hits both alike). The requests carry a browser's user agent
// and no Referer: every one is a counted page view and a visit, the most work counting does.
import { startDemoServer } from "./demo-server.ts";
import { compareThroughput } from "./load.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export async function runAnalyticsBench(buildDir: string, seconds: number): Promise<Array<{ figure: string; value: string; budget: string; pass: boolean }>> {
  const on = await startDemoServer(buildDir);
  const off = await startDemoServer(buildDir, { ANALYTICS: "off" });
  let comparison;
  try {
    comparison = await compareThroughput(`${on.baseUrl}/`, `${off.baseUrl}/`, { seconds: seconds * 2, headers: { "user-agent": BROWSER } });
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
  const { a: counting, b: notCounting, ratio } = comparison;
  return [
    {
      figure: "Cached GET / counting insights vs ANALYTICS=off (req/s, median of the rounds' ratios)",
      value: `${Math.round(counting.requestsPerSecond)} / ${Math.round(notCounting.requestsPerSecond)}, ${(ratio * 100).toFixed(0)}%`,
      budget: "≥ 95%",
      pass: ratio >= 0.95 && counting.errors === 0 && counting.non2xx === 0,
    },
  ];
}
