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
  // V8 optimizes the render's code only after many calls: measured as on a server that has run a while.
  for (let i = 0; i < 200; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await once());
  agent.destroy();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
