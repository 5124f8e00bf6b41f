// The SQLite schema (the source) and its PostgreSQL twin describe the same models: the committed
// twin is exactly what scripts/prisma-generate.ts derives, both generated clients carry the same
// data model, and the migrated database has exactly the tables and columns that model names.
// On the PostgreSQL leg, a SQLite database migrated from the other folder is compared too.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { db, dbReady, isPostgres } from "~/lib/db.server";
import { migrate } from "../../scripts/lib/migrator.ts";
import { postgresSchemaFrom } from "../../scripts/lib/schema-twin.ts";

const root = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

interface RuntimeField {
  name: string;
  kind: string;
  dbName?: string | null;
}
interface RuntimeModel {
  dbName: string | null;
  fields: RuntimeField[];
}

/** The data model a generated client was built from (Prisma embeds it in internal/class.ts). */
function runtimeDataModel(client: "prisma-sqlite" | "prisma-pg"): Record<string, RuntimeModel> {
  const source = read(`app/generated/${client}/internal/class.ts`);
  const literal = source.match(/config\.runtimeDataModel = JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)?.[1];
  if (!literal) throw new Error(`no runtime data model in ${client}`);
  return JSON.parse(JSON.parse(literal)).models;
}

type Columns = Record<string, string[]>;

/** Tables → sorted column names, as the data model maps them (relation fields are not columns). */
function expectedColumns(models: Record<string, RuntimeModel>): Columns {
  return Object.fromEntries(
    Object.entries(models)
      .map(
        ([name, m]) =>
          [
            m.dbName ?? name,
            m.fields
              .filter((f) => f.kind !== "object")
              .map((f) => f.dbName ?? f.name)
              .sort(),
          ] as const,
      )
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

async function sqliteColumns(file: string): Promise<Columns> {
  const client = createClient({ url: `file:${file}` });
  try {
    const tables = await client.execute(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations' ORDER BY name`,
    );
    const result: Columns = {};
    for (const row of tables.rows) {
      const table = String(row.name);
      const cols = await client.execute({ sql: `SELECT name FROM pragma_table_info(?)`, args: [table] });
      result[table] = cols.rows.map((c) => String(c.name)).sort();
    }
    return result;
  } finally {
    client.close();
  }
}

async function postgresColumns(): Promise<Columns> {
  const rows = await db.$queryRawUnsafe<{ table_name: string; column_name: string }[]>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name <> '_prisma_migrations'`,
  );
  const result: Columns = {};
  for (const r of rows) (result[r.table_name] ??= []).push(r.column_name);
  return Object.fromEntries(
    Object.entries(result)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([t, c]) => [t, c.sort()]),
  );
}

const scratch = mkdtempSync(join(tmpdir(), "schema-twin-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("schema twin", () => {
  it("the committed PostgreSQL schema is exactly the one derived from prisma/schema.prisma", () => {
    const derived = postgresSchemaFrom(read("prisma/schema.prisma"));
    expect(read("prisma/postgresql/schema.prisma")).toBe(derived);
    expect(derived).toContain('provider = "postgresql"');
    // Only the provider, the client output and the header differ.
    const strip = (s: string) =>
      s
        .split("\n")
        .filter((l) => !/^\s*(\/\/|provider|output)/.test(l) && l.trim() !== "")
        .join("\n");
    expect(strip(derived)).toBe(strip(read("prisma/schema.prisma")));
  });

  it("both generated clients carry the same data model", () => {
    expect(runtimeDataModel("prisma-pg")).toEqual(runtimeDataModel("prisma-sqlite"));
  });

  it("both migration folders hold the same migrations", () => {
    const names = (dir: string) =>
      readdirSync(join(root, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
    expect(names("prisma/migrations").length).toBeGreaterThan(0);
    expect(names("prisma/postgresql/migrations")).toEqual(names("prisma/migrations"));
  });

  it(`the migrated ${isPostgres ? "PostgreSQL" : "SQLite"} database has exactly the model's tables and columns`, async () => {
    await dbReady;
    const expected = expectedColumns(runtimeDataModel("prisma-sqlite"));
    const actual = isPostgres ? await postgresColumns() : await sqliteColumns(process.env.DATABASE_URL!.replace(/^file:/, ""));
    expect(actual).toEqual(expected);
  });

  it("a SQLite database migrated from prisma/migrations has the same tables and columns as this leg's database", async () => {
    const file = join(scratch, "twin.db");
    await migrate(`file:${file}`);
    const sqlite = await sqliteColumns(file);
    const current = isPostgres ? await postgresColumns() : await sqliteColumns(process.env.DATABASE_URL!.replace(/^file:/, ""));
    expect(sqlite).toEqual(current);
  });
});
