import { startDemoServer } from "./bench/demo-server.ts";
import { hammer, uncachedRenderMedian } from "./bench/load.ts";
const a = await startDemoServer("build", {});
const b = await startDemoServer("build", { NODE_OPTIONS: "--max-semi-space-size=16" });
const enc = { "accept-encoding": "br, gzip" };
for (let r = 0; r < 3; r++) {
  const ha = await hammer(`${a.baseUrl}/servicos`, 4, 50, enc);
  const hb = await hammer(`${b.baseUrl}/servicos`, 4, 50, enc);
  const ua = await uncachedRenderMedian(`${a.baseUrl}/`, 60);
  const ub = await uncachedRenderMedian(`${b.baseUrl}/`, 60);
  const ia = await hammer(`${a.baseUrl}/servicos`, 4, 20, { ...enc, cookie: "bench_uncached=1" });
  const ib = await hammer(`${b.baseUrl}/servicos`, 4, 20, { ...enc, cookie: "bench_uncached=1" });
  console.log(`cached req/s default ${Math.round(ha.requestsPerSecond)} semi16 ${Math.round(hb.requestsPerSecond)} | uncached median default ${ua.toFixed(2)} semi16 ${ub.toFixed(2)} | uncached req/s default ${Math.round(ia.requestsPerSecond)} semi16 ${Math.round(ib.requestsPerSecond)}`);
}
await a.stop(); await b.stop();
