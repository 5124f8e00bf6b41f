// npm test: every test, in one command.
//   1. the production build (the HTTP-level tests start it as a real server)
//   2. Vitest on SQLite: unit, route, integration (two instances on PostgreSQL + S3) and the
//      bad-input suite
//   3. the route tests again on PostgreSQL (a throwaway cluster; required when CI=true), except
//      the few that never reach the database's own behaviour (listed below, each with why)
//   4. Playwright against the built server, JavaScript on and off (the media library's specs
//      also with uploads in S3, with JavaScript)
//   5. the load script with modest numbers
// Extra arguments go to Playwright (e.g. `npm test -- tests/e2e/chat.spec.ts`).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { postgresBinDir } from "./lib/pg-cluster.ts";

const root = new URL("..", import.meta.url).pathname;
const bin = (name: string) => `${root}node_modules/.bin/${name}`;
// Tests that start the production server use this one build instead of making their own.
const useBuild = { BUILD_DIR: "build", PLATFORM_BUILD_DIR: "build" };

const steps: Array<{ name: string; cmd: string; args: string[]; env?: NodeJS.ProcessEnv }> = [
  { name: "prisma generate", cmd: process.execPath, args: ["scripts/prisma-generate.ts"] },
  { name: "react-router build", cmd: bin("react-router"), args: ["build"], env: { BUILD_DIR: "build" } },
  { name: "vitest (SQLite)", cmd: bin("vitest"), args: ["run"], env: { ...useBuild, TEST_DATABASE: "sqlite" } },
];
// Route tests whose subject has nothing to do with which database runs: on PostgreSQL they would
// repeat the SQLite run's work and prove nothing more. Everything else in tests/routes (every save,
// read, count, lock, session, cache version, migration and seed) runs on both databases.
const DATABASE_INDEPENDENT = [
  "security-redirects", // a pure function: redirect targets stay on this site
  "route-table", // the built server derives its route table once
  "first-load-scripts", // how many scripts a page's HTML loads
  "dev-server", // the development server answers with production's headers, CSP and limits
  "production-mode", // the server and db:seed refuse a bad environment before serving
  "security-body", // body limits and keep-alive draining, answered before any handler reads data
  "security-http", // headers, CSP nonces, CSRF refusals and request logs, set before any read
  "img-bombs", // SVG rendering's time and memory bounds on the image route
  "media-svg", // SVG uploads made PNGs (the save is admin-sections', the published check media-remote's, both run on both)
  "chat-webhook", // the chat's webhook call and the shapes of its reply
  "chat-concurrency", // the in-memory cap on messages waiting for the webhook
  "graceful-shutdown", // signals and connection draining (the two-instance restart on PostgreSQL is tests/integration's)
  "page-cache-cookies", // which cookies share the cached page, and the path's spelling
  "personal-pages", // which visitors get the shared page (the chat's store runs on both in the chat tests)
  "public-http", // status codes, sitemap and robots.txt shapes, the image route's paths
  "admin-guard", // the guard over HTTP for every admin route (sessions in the database: admin-auth, on both)
  "admin-labels", // the admin's texts and required markers
  "library-alt-pages", // the public pages' alt text (the library's saves run on both in media-library-*)
  "blog-revisions-http", // redirects and the cache over HTTP (slugs and revisions run on both in blog-revisions)
  "media-library-s3", // the library's suite with its files in S3: the same reads and writes run on both in media-library-local
  "admin-auth-timing", // bcrypt's time on an unknown e-mail (the sign-in's reads and writes run on both in admin-auth)
].map((name) => `tests/routes/${name}.test.ts`);
const missing = DATABASE_INDEPENDENT.filter((file) => !existsSync(join(root, file)));
if (missing.length) {
  console.error(`scripts/test-all.ts names route tests that do not exist: ${missing.join(", ")}`);
  process.exit(1);
}

if (postgresBinDir()) {
  // The files themselves, not `--exclude`: the fast project's own exclude list replaces the
  // command line's.
  const files = readdirSync(join(root, "tests/routes"))
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => `tests/routes/${name}`)
    .filter((file) => !DATABASE_INDEPENDENT.includes(file));
  steps.push({ name: "vitest (PostgreSQL)", cmd: bin("vitest"), args: ["run", ...files], env: { ...useBuild, TEST_DATABASE: "postgres" } });
} else if (process.env.CI) {
  console.error("PostgreSQL is not installed: the PostgreSQL leg cannot run (apt-get install -y postgresql).");
  process.exit(1);
} else {
  console.warn("PostgreSQL is not installed here: skipping the PostgreSQL leg (CI runs it).");
}
steps.push({ name: "playwright", cmd: bin("playwright"), args: ["test", ...process.argv.slice(2)], env: useBuild });
if (process.argv.length === 2) {
  // The media library's browser tests again with uploads in an S3-protocol server, with JavaScript
  // (the upload with progress): where the files are stored does not change what the browser does
  // without JavaScript, which the run above covers on local disk, and the route tests cover the
  // library on S3 in full (tests/routes/media-library-s3.test.ts).
  steps.push({
    name: "playwright (S3)",
    cmd: bin("playwright"),
    args: ["test", "tests/e2e/media-library.spec.ts", "--project", "js"],
    env: { ...useBuild, E2E_S3: "1" },
  });
}
steps.push({ name: "load", cmd: process.execPath, args: ["scripts/load.ts", "--connections", "20", "--duration", "15"], env: useBuild });

const results: Array<[string, boolean, number]> = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}`);
  const started = performance.now();
  const r = spawnSync(step.cmd, step.args, { stdio: "inherit", cwd: root, env: { ...process.env, ...step.env } });
  results.push([step.name, r.status === 0, Math.round((performance.now() - started) / 1000)]);
  if (r.status !== 0) break;
}
console.log("\n=== summary");
for (const [name, ok, seconds] of results) console.log(`${ok ? "ok  " : "FAIL"} ${name} (${seconds} s)`);
const failed = results.filter(([, ok]) => !ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length === steps.length ? 0 : 1);
