// The Docker build context must never carry secrets into the image (`COPY . .` copies whatever
// .dockerignore lets through). A small matcher with Docker's rules checks real paths against
// the file: a pattern matches a path or any of its parent folders, `**` spans any number of
// folders (none included), `*` and `?` stay within one name, `!` re-includes, the last match wins.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const rules = readFileSync(join(root, ".dockerignore"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"))
  .map((line) => {
    const negated = line.startsWith("!");
    const pattern = (negated ? line.slice(1) : line).replace(/^\/+/, "").replace(/\/+$/, "");
    return { negated, regex: patternToRegex(pattern) };
  });

function patternToRegex(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*" && pattern[i + 1] === "*") {
      i++;
      if (pattern[i + 1] === "/") {
        i++;
        source += "(?:.*/)?";
      } else source += ".*";
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else source += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/** Whether Docker leaves `path` (relative to the build context) out of the context. */
function excluded(path: string): boolean {
  const parts = path.split("/");
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
  let result = false;
  for (const rule of rules) if (candidates.some((c) => rule.regex.test(c))) result = !rule.negated;
  return result;
}

describe(".dockerignore", () => {
  it.each([
    ".env",
    ".env.local",
    ".env.production",
    "deploy/.env",
    "deploy/.env.production",
    "deploy/.env.example",
    "app/.env",
    "some/deep/folder/.env.staging",
    "server.key",
    "tls.pem",
    "deploy/certs/site.pem",
    "deploy/certs/site.key",
    "keys/backup.p12",
    "id_rsa",
    "deploy/id_ed25519.pub",
    "app.db",
    "prisma/dev.db",
    "prisma/dev.db-wal",
    "data/app.db",
    "data/uploads/portfolio-media/1.jpg",
    "node_modules/zod/package.json",
    "build/server/index.js",
    ".git/config",
  ])("keeps %s out of the image", (path) => {
    expect(excluded(path)).toBe(true);
  });

  it.each([
    "package.json",
    "package-lock.json",
    ".npmrc",
    "server/index.ts",
    "app/root.tsx",
    "app/lib/env.server.ts",
    "prisma/schema.prisma",
    "prisma/migrations/migration_lock.toml",
    "public/favicon.svg",
    "scripts/migrate.ts",
    "deploy/nginx.conf",
  ])("lets %s into the build (the Dockerfile needs it)", (path) => {
    expect(excluded(path)).toBe(false);
  });
});
