// A throwaway PostgreSQL cluster on 127.0.0.1 and a free port, for tests, the benchmark and
// migration authoring. Needs Debian's postgresql package; as root, it runs as the postgres user.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { freePort } from "./free-port.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";

export { freePort };

export interface PgCluster {
  url: string;
  /** A fresh, empty database in this cluster. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

/** util-linux's runuser and coreutils' chown, where Debian installs them. */
const RUNUSER = ["/usr/sbin/runuser", "/sbin/runuser"].find((path) => existsSync(path)) ?? "/usr/sbin/runuser";
const CHOWN = ["/usr/bin/chown", "/bin/chown"].find((path) => existsSync(path)) ?? "/usr/bin/chown";

export function postgresBinDir(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(base, v, "bin/initdb"))) return join(base, v, "bin");
  return null;
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install -y postgresql)");
  const dir = mkdtempSync(join(tmpdir(), "pgcluster-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    // By absolute path: a root shell's PATH may lack /usr/sbin (sudo, cron, some CI images).
    const [file, argv] = asRoot ? [RUNUSER, ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
    const r = spawnSync(file, argv, { encoding: "utf8" });
    if (r.error) throw new Error(`${cmd} failed: could not start ${file}: ${r.error.message}`);
    if (r.status !== 0) throw new Error(`${cmd} failed (exit ${r.status ?? r.signal}): ${r.stderr || r.stdout || "no output"}`);
  };
  if (asRoot) execFileSync(CHOWN, ["postgres", dir]);
  run(join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  run(join(bin, "pg_ctl"), [
    "-D",
    data,
    "-l",
    join(dir, "log"),
    "-w",
    "-t",
    "60",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    "start",
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // Already stopped (or never started): the directory is removed either way.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stop);
  return {
    url,
    stop,
    async createDatabase(name: string) {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${name}"`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
  };
}
