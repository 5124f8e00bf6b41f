// TEST_DATABASE=postgres runs the suite against a throwaway PostgreSQL cluster; the default
// is SQLite. Each test file then gets its own fresh database (tests/helpers/vitest-setup.ts).
import type { TestProject } from "vitest/node";
import { startPgCluster } from "../../scripts/lib/pg-cluster.ts";

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE !== "postgres") return;
  const cluster = await startPgCluster();
  project.provide("pgClusterUrl", cluster.url);
  return () => cluster.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgClusterUrl: string;
  }
}
