// Migration SQL from one Prisma schema to another, computed offline by Prisma's own
// schema engine compiled to WebAssembly (the native engine cannot be downloaded here).
import { SchemaEngine } from "@prisma/schema-engine-wasm";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

export type Provider = "sqlite" | "postgresql";

/** For PostgreSQL the engine connects to a live (empty) database: pass its URL. */
export async function diffSchemas(provider: Provider, from: string | null, to: string, postgresUrl = ""): Promise<string> {
  const factory = provider === "sqlite" ? new PrismaLibSql({ url: ":memory:" }) : new PrismaPg({ connectionString: postgresUrl });
  const path = "schema.prisma";
  const engine = await SchemaEngine.new({ datamodels: [[path, to]] }, () => {}, bindMigrationAwareSqlAdapterFactory(factory));
  try {
    const result = await engine.diff({
      from: from === null ? { tag: "empty" } : { tag: "schemaDatamodel", files: [{ path, content: from }] },
      to: { tag: "schemaDatamodel", files: [{ path, content: to }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.stdout ?? "";
  } finally {
    engine.free();
  }
}
