// The cost of the insights on the fast path: cached GET / with counting on against the same build
// with ANALYTICS=off, two servers on the demo seed hammered in alternating rounds (so a burst of
// load from elsewhere on the machine hits both alike). The requests carry a browser's user agent
// and no Referer: every one is a counted page view and a visit, the most work counting does.
import { startDemoServer } from "./demo-server.ts";
import { combine, hammer, type LoadResult } from "./load.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export async function runAnalyticsBench(buildDir: string, seconds: number): Promise<Array<{ figure: string; value: string; budget: string; pass: boolean }>> {
  const on = await startDemoServer(buildDir);
  const off = await startDemoServer(buildDir, { ANALYTICS: "off" });
  const headers = { "user-agent": BROWSER };
  const onRounds: LoadResult[] = [];
  const offRounds: LoadResult[] = [];
  try {
    await hammer(`${on.baseUrl}/`, 2, 50, headers);
    await hammer(`${off.baseUrl}/`, 2, 50, headers);
    for (let round = 0; round < 3; round++) {
      offRounds.push(await hammer(`${off.baseUrl}/`, seconds / 3, 50, headers));
      onRounds.push(await hammer(`${on.baseUrl}/`, seconds / 3, 50, headers));
    }
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
  const counting = combine(onRounds);
  const notCounting = combine(offRounds);
  const ratio = counting.requestsPerSecond / notCounting.requestsPerSecond;
  return [
    {
      figure: "Cached GET / counting insights vs ANALYTICS=off (req/s)",
      value: `${Math.round(counting.requestsPerSecond)} / ${Math.round(notCounting.requestsPerSecond)} = ${(ratio * 100).toFixed(0)}%`,
      budget: "≥ 95%",
      pass: ratio >= 0.95 && counting.errors === 0 && counting.non2xx === 0,
    },
  ];
}
