// Starts a throwaway PostgreSQL cluster (scripts/lib/pg-cluster.ts) with one empty database,
// prints its URL on one line, and keeps it running until SIGTERM/SIGINT or stdin closes; then
// stops the cluster and removes its files. For shell scripts such as production-smoke.sh.
import { startPgCluster } from "../lib/pg-cluster.ts";

const cluster = await startPgCluster();
const url = await cluster.createDatabase(process.argv[2] || "app");
console.log(url);

const stop = () => {
  cluster.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
setInterval(() => {}, 1 << 30);
