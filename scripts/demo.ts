// `npm run demo` (after building): the production build served on this machine with the demo
// content. An explicitly local setup, never a deployment: NODE_ENV=development (so cookies work
// on http://localhost and the seed adds the documented demo admin) and a session secret drawn at
// random for this run (the server never signs sessions with a secret anyone else could know;
// signing in again after a restart is the price). SESSION_SECRET, if set, is kept.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "./lib/seed-data/demo-admin.ts";
import { productionServerArgs } from "./lib/server-process.ts";

const root = join(import.meta.dirname, "..");
const port = process.env.PORT || "3000";
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "development",
  SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString("base64url"),
  // The site's own address (canonical links, invitation and password links) is where it runs.
  SITE_URL: process.env.SITE_URL || `http://localhost:${port}`,
};

for (const script of ["scripts/migrate.ts", "scripts/seed.ts"]) {
  const run = spawnSync(process.execPath, [join(root, script)], { cwd: root, env, stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

console.log(`
  Site:   http://localhost:${port}
  Admin:  http://localhost:${port}/admin/login
          e-mail ${env.ADMIN_EMAIL || DEMO_ADMIN_EMAIL}
          senha  ${env.ADMIN_PASSWORD ? "(the ADMIN_PASSWORD you set)" : DEMO_ADMIN_PASSWORD}
`);

const server = spawn(process.execPath, productionServerArgs(), { cwd: root, env, stdio: "inherit" });
// Ctrl+C reaches the server through the terminal; a SIGTERM sent to this process is passed on.
process.on("SIGTERM", () => server.kill("SIGTERM"));
process.on("SIGINT", () => server.kill("SIGINT"));
server.on("exit", (code) => process.exit(code ?? 0));
