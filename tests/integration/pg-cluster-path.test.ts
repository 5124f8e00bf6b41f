// The throwaway PostgreSQL cluster starts from a root shell whose PATH lacks /usr/sbin (sudo,
// cron and some CI images drop it): the helper runs runuser and chown by their absolute paths.
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { postgresBinDir } from "../../scripts/lib/pg-cluster.ts";

it.runIf(postgresBinDir())("starts a cluster with only /usr/bin and /bin on PATH", () => {
  const script = `import { startPgCluster } from ${JSON.stringify(new URL("../../scripts/lib/pg-cluster.ts", import.meta.url).pathname)};
const cluster = await startPgCluster();
const { default: pg } = await import("pg");
const client = new pg.Client({ connectionString: cluster.url });
await client.connect();
const { rows } = await client.query("select 1 + 1 as two");
await client.end();
cluster.stop();
console.log("answered", rows[0].two);`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, PATH: "/usr/bin:/bin" },
    cwd: new URL("../..", import.meta.url).pathname,
    encoding: "utf8",
    timeout: 90_000,
  });
  expect(result.stderr + result.stdout).toContain("answered 2");
});
