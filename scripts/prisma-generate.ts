// Derives the PostgreSQL twin of prisma/schema.prisma and generates both Prisma clients.
// Prisma's CLI wants a native schema engine it cannot download here; `generate` does not use it,
// so we point it at a stand-in that exits 1.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresSchemaFrom } from "./lib/schema-twin.ts";

const root = new URL("..", import.meta.url).pathname;

// `--if-missing`: operator commands (db:seed, user:create) generate the clients on a fresh clone
// and do nothing once they exist (in a production image they come with the build).
const generated = ["app/generated/prisma-sqlite/client.ts", "app/generated/prisma-pg/client.ts"];
if (process.argv.includes("--if-missing") && generated.every((file) => existsSync(join(root, file)))) process.exit(0);

const sqliteSchema = join(root, "prisma/schema.prisma");
const pgSchema = join(root, "prisma/postgresql/schema.prisma");

mkdirSync(join(root, "prisma/postgresql"), { recursive: true });
const twin = postgresSchemaFrom(readFileSync(sqliteSchema, "utf8"));
if (!existsSync(pgSchema) || readFileSync(pgSchema, "utf8") !== twin) writeFileSync(pgSchema, twin);

const standIn = join(tmpdir(), "prisma-schema-engine-stand-in");
if (!existsSync(standIn)) {
  writeFileSync(standIn, "#!/bin/sh\nexit 1\n");
  chmodSync(standIn, 0o755);
}
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? standIn,
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};
const prisma = join(root, "node_modules/.bin/prisma");
for (const schema of [sqliteSchema, pgSchema]) {
  execFileSync(prisma, ["generate", "--schema", schema], { stdio: ["ignore", "ignore", "inherit"], env, cwd: root });
}
console.log("Prisma clients generated (SQLite and PostgreSQL).");
