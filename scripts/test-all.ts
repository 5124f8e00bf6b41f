// npm test: every test. Unit and route tests on SQLite, the same route tests on PostgreSQL
// (a throwaway cluster; required when CI=true), then the production build and the browser
// tests with JavaScript on and off.
import { spawnSync } from "node:child_process";
import { postgresBinDir } from "./lib/pg-cluster.ts";

const root = new URL("..", import.meta.url).pathname;
const bin = (name: string) => `${root}node_modules/.bin/${name}`;
const steps: Array<{ name: string; cmd: string; args: string[]; env?: NodeJS.ProcessEnv }> = [
  { name: "prisma generate", cmd: process.execPath, args: ["scripts/prisma-generate.ts"] },
  { name: "vitest (SQLite)", cmd: bin("vitest"), args: ["run"], env: { TEST_DATABASE: "sqlite" } },
];
if (postgresBinDir()) {
  steps.push({ name: "vitest (PostgreSQL)", cmd: bin("vitest"), args: ["run", "tests/routes"], env: { TEST_DATABASE: "postgres" } });
} else if (process.env.CI) {
  console.error("PostgreSQL is not installed: the PostgreSQL leg cannot run (apt-get install -y postgresql).");
  process.exit(1);
} else {
  console.warn("PostgreSQL is not installed here: skipping the PostgreSQL leg (CI runs it).");
}
steps.push({ name: "build", cmd: bin("react-router"), args: ["build"] });
steps.push({ name: "playwright", cmd: bin("playwright"), args: ["test", ...process.argv.slice(2)] });

const results: Array<[string, boolean]> = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}`);
  const r = spawnSync(step.cmd, step.args, { stdio: "inherit", cwd: root, env: { ...process.env, ...step.env } });
  results.push([step.name, r.status === 0]);
  if (r.status !== 0) break;
}
console.log("\n=== summary");
for (const [name, ok] of results) console.log(`${ok ? "ok  " : "FAIL"} ${name}`);
const failed = results.filter(([, ok]) => !ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length === steps.length ? 0 : 1);
