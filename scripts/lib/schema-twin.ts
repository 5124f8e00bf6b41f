// The PostgreSQL schema is the SQLite schema with another provider and client output.
export function postgresSchemaFrom(sqliteSchema: string): string {
  const header = "// GENERATED from prisma/schema.prisma by scripts/prisma-generate.ts. Do not edit.\n";
  return (
    header +
    sqliteSchema
      .replace(/^\/\/ The source of truth[\s\S]*?\n\n/, "")
      .replace('provider = "sqlite"', 'provider = "postgresql"')
      .replace('output       = "../app/generated/prisma-sqlite"', 'output       = "../../app/generated/prisma-pg"')
  );
}
