// Applies pending migrations to DATABASE_URL (SQLite by default). Run by `npm start` before serving.
import { env } from "../app/lib/env.server.ts";
import { migrate } from "./lib/migrator.ts";

const url = env.DATABASE_URL;
try {
  const applied = await migrate(url);
  console.log(JSON.stringify({ level: "info", msg: "migrations", applied, database: url.startsWith("file:") ? "sqlite" : "postgresql" }));
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
