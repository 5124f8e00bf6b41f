// The cost of the insights on the fast path: cached GET / with counting on against the same build
// with ANALYTICS=off, hammered in alternating rounds (so a burst of load from elsewhere on the
// machine hits both alike). The requests carry a browser's user agent and no Referer: every one is
// a counted page view and a visit, the most work counting does.
//
// Two server processes of the same build and settings differ by up to a sixth in throughput on this
// machine (measured: one process against four fresh ones, 82-99%), more than counting costs. So
// the comparison runs on several pairs of processes, started together, and the figure is the
// median of every round's ratio across the pairs.
import { startDemoServer } from "./demo-server.ts";
import { combine, compareThroughput, median, type LoadResult } from "./load.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PAIRS = 3;

export async function runAnalyticsBench(buildDir: string, seconds: number): Promise<Array<{ figure: string; value: string; budget: string; pass: boolean }>> {
  const ratios: number[] = [];
  const counting: LoadResult[] = [];
  const notCounting: LoadResult[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    const [on, off] = await Promise.all([startDemoServer(buildDir), startDemoServer(buildDir, { ANALYTICS: "off" })]);
    try {
      const comparison = await compareThroughput(`${on.baseUrl}/`, `${off.baseUrl}/`, { seconds, headers: { "user-agent": BROWSER } });
      ratios.push(...comparison.ratios);
      counting.push(comparison.a);
      notCounting.push(comparison.b);
    } finally {
      await Promise.all([on.stop(), off.stop()]);
    }
  }
  const [on, off] = [combine(counting), combine(notCounting)];
  const ratio = median(ratios);
  return [
    {
      figure: `Cached GET / counting insights vs ANALYTICS=off (req/s, median of the rounds' ratios over ${PAIRS} pairs of processes)`,
      value: `${Math.round(on.requestsPerSecond)} / ${Math.round(off.requestsPerSecond)}, ${(ratio * 100).toFixed(0)}%`,
      budget: "≥ 95%",
      pass: ratio >= 0.95 && on.errors === 0 && on.non2xx === 0,
    },
  ];
}
