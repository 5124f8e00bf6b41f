// Load figures: autocannon against the app and against a bare Node http server answering the
// same bytes from memory, in the same run; and the median time of an uncached render.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { freePort, waitFor } from "./demo-server.ts";

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export async function hammer(url: string, seconds: number, connections = 50, headers: Record<string, string> = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1, headers });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Rounds of one measure as one: mean throughput, worst p99, all errors. */
export function combine(rounds: LoadResult[]): LoadResult {
  return {
    requestsPerSecond: rounds.reduce((sum, r) => sum + r.requestsPerSecond, 0) / rounds.length,
    p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

export interface Comparison {
  a: LoadResult;
  b: LoadResult;
  /** The median of the rounds' a ÷ b throughputs. */
  ratio: number;
  /** Each round's a ÷ b throughput. */
  ratios: number[];
}

/**
 * Throughput of `a` against `b`, in one run: after a warm-up of each, `rounds` short rounds, each
 * hammering both one after the other, the order swapped every round (the second of a pair measured
 * up to a sixth lower on this machine with the same server on both sides). The ratio is the median
 * of the rounds' ratios: a burst of load from elsewhere spoils a round, not the result.
 */
export async function compareThroughput(
  a: string,
  b: string,
  { seconds, rounds = 10, connections = 50, headers = {} }: { seconds: number; rounds?: number; connections?: number; headers?: Record<string, string> },
): Promise<Comparison> {
  await hammer(a, 2, connections, headers);
  await hammer(b, 2, connections, headers);
  const aRounds: LoadResult[] = [];
  const bRounds: LoadResult[] = [];
  const each = Math.max(1, Math.round(seconds / rounds));
  for (let round = 0; round < rounds; round++) {
    const first = round % 2 === 0 ? ([a, aRounds] as const) : ([b, bRounds] as const);
    const second = round % 2 === 0 ? ([b, bRounds] as const) : ([a, aRounds] as const);
    first[1].push(await hammer(first[0], each, connections, headers));
    second[1].push(await hammer(second[0], each, connections, headers));
  }
  const ratios = aRounds.map((r, i) => r.requestsPerSecond / bRounds[i]!.requestsPerSecond);
  return { a: combine(aRounds), b: combine(bRounds), ratio: median(ratios), ratios };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A bare Node http server that answers every request with `body`, in its own process. */
export async function startBareServer(body: Buffer): Promise<{ url: string; stop(): void }> {
  const file = join(tmpdir(), `bench-bare-${process.pid}.html`);
  writeFileSync(file, body);
  const port = await freePort();
  const code = `
    import { createServer } from "node:http";
    import { readFileSync } from "node:fs";
    const body = readFileSync(${JSON.stringify(file)});
    createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: "inherit" });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url);
  return { url, stop: () => child.kill("SIGTERM") };
}

/** GETs `url` one at a time (a cookie the page cache does not share forces a render). */
export async function uncachedRenderMedian(url: string, samples: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const req = request(url, { agent, headers: { cookie: "bench_uncached=1" } }, (res) => {
        if (res.headers["x-cache"]) reject(new Error(`the page cache answered (${String(res.headers["x-cache"])})`));
        res.resume();
        res.on("end", () => resolve(performance.now() - started));
      });
      req.on("error", reject);
      req.end();
    });
  // V8 optimizes the render's code only after many calls: measured as on a server that has run a
  // while. On a fresh server here the median of 100 renders falls until about 600 renders and is
  // flat after (4.4–4.9 ms after 200, 3.3–3.7 ms after 800 and after 1,000).
  for (let i = 0; i < 1000; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await once());
  agent.destroy();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
