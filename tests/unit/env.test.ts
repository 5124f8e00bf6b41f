// The configuration is validated in one place (app/lib/env.server.ts). Every variable it declares
// has a bad value here that is refused with a line naming it (the table's type demands an entry
// for each), and every variable the server, the app or a production script reads is declared.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES, parseEnv, PUBLIC_DEV_SECRET } from "~/lib/env.server";
import { isProduction, modeOf } from "~/lib/mode";

const root = join(import.meta.dirname, "../..");
const dev = { NODE_ENV: "development" };
const prod = { NODE_ENV: "production", SESSION_SECRET: "a-production-secret-0123456789" };

type Variable = (typeof ENV_VARIABLES)[number];

/**
 * For each variable, environments in which its value is bad. BUILD_DIR is a path whose only bad
 * value is one without a build: the server checks that (tests/routes/production-mode.test.ts).
 */
const BAD: Record<Variable, Array<Record<string, string>> | "checked by the server"> = {
  NODE_ENV: [{ NODE_ENV: "prod" }, { NODE_ENV: "Production" }],
  PORT: [
    { ...dev, PORT: "abc" },
    { ...dev, PORT: "0" },
    { ...dev, PORT: "70000" },
    { ...dev, PORT: "80.5" },
  ],
  DATABASE_URL: [
    { ...dev, DATABASE_URL: "mysql://x" },
    { ...dev, DATABASE_URL: "./data/app.db" },
  ],
  SESSION_SECRET: [
    { NODE_ENV: "production" },
    {},
    { NODE_ENV: "production", SESSION_SECRET: "short" },
    { NODE_ENV: "production", SESSION_SECRET: "a-production-secret-0123456789,old" },
    { NODE_ENV: "production", SESSION_SECRET: PUBLIC_DEV_SECRET },
  ],
  ADMIN_EMAIL: [{ ...dev, ADMIN_EMAIL: "not-an-email" }],
  ADMIN_PASSWORD: [
    { ...dev, ADMIN_PASSWORD: "curta" },
    { ...dev, ADMIN_PASSWORD: "é".repeat(40) },
  ],
  CHAT_WEBHOOK_URL: [
    { ...dev, CHAT_WEBHOOK_URL: "not a url" },
    { ...dev, CHAT_WEBHOOK_URL: "ftp://n8n.example.com/x" },
  ],
  CHAT_TIMEOUT_MS: [
    { ...dev, CHAT_TIMEOUT_MS: "abc" },
    { ...dev, CHAT_TIMEOUT_MS: "0" },
  ],
  EDGE_PURGE_URL: [
    { ...dev, EDGE_PURGE_URL: "varnish:6081" },
    { ...dev, EDGE_PURGE_URL: "http://127.0.0.1:6081/,ftp://cache/" },
    { ...dev, EDGE_PURGE_URL: " , " },
  ],
  CHAT_RATE_LIMIT: [
    { ...dev, CHAT_RATE_LIMIT: "abc" },
    { ...dev, CHAT_RATE_LIMIT: "-1" },
  ],
  BCRYPT_COST: [
    { ...dev, BCRYPT_COST: "3" },
    { ...dev, BCRYPT_COST: "16" },
    { ...dev, BCRYPT_COST: "doze" },
  ],
  POST_REVISIONS_KEEP: [
    { ...dev, POST_REVISIONS_KEEP: "todas" },
    { ...dev, POST_REVISIONS_KEEP: "0" },
    { ...dev, POST_REVISIONS_KEEP: "2.5" },
    { ...dev, POST_REVISIONS_KEEP: "5000" },
  ],
  BACKUP_DIR: [
    { ...dev, BACKUP_DIR: join(root, "package.json") },
    { ...dev, BACKUP_DIR: "ftp://backups.example.com/site" },
    { ...dev, BACKUP_DIR: "s3://Bucket_Invalido" },
    { ...dev, BACKUP_DIR: "s3://site-backups" },
  ],
  BACKUP_KEEP: [
    { ...dev, BACKUP_KEEP: "sete" },
    { ...dev, BACKUP_KEEP: "0" },
  ],
  CHAT_WEBHOOK_CONCURRENCY: [
    { ...dev, CHAT_WEBHOOK_CONCURRENCY: "muitos" },
    { ...dev, CHAT_WEBHOOK_CONCURRENCY: "0" },
    { ...dev, CHAT_WEBHOOK_CONCURRENCY: "2.5" },
  ],
  UPLOADS_DIR: [{ ...dev, UPLOADS_DIR: join(root, "package.json") }],
  MAX_IMAGE_MB: [
    { ...dev, MAX_IMAGE_MB: "abc" },
    { ...dev, MAX_IMAGE_MB: "-1" },
  ],
  MAX_VIDEO_MB: [
    { ...dev, MAX_VIDEO_MB: "ten" },
    { ...dev, MAX_VIDEO_MB: "0" },
  ],
  S3_ENDPOINT: [{ ...dev, S3_ENDPOINT: "minio:9000" }],
  S3_REGION: [{ ...dev, S3_REGION: "São Paulo" }],
  S3_ACCESS_KEY_ID: [{ ...dev, S3_SECRET_ACCESS_KEY: "secret-without-key" }],
  S3_SECRET_ACCESS_KEY: [{ ...dev, S3_ACCESS_KEY_ID: "key-without-secret" }],
  S3_PUBLIC_URL: [{ ...dev, S3_PUBLIC_URL: "cdn.example.com" }],
  LOG_LEVEL: [
    { ...dev, LOG_LEVEL: "verbose" },
    { ...dev, LOG_LEVEL: "INFO" },
  ],
  ANALYTICS: [
    { ...dev, ANALYTICS: "desligado" },
    { ...dev, ANALYTICS: "false" },
  ],
  ANALYTICS_RETENTION_MONTHS: [
    { ...dev, ANALYTICS_RETENTION_MONTHS: "0" },
    { ...dev, ANALYTICS_RETENTION_MONTHS: "dois anos" },
  ],
  LEADS_RETENTION_MONTHS: [
    { ...dev, LEADS_RETENTION_MONTHS: "0" },
    { ...dev, LEADS_RETENTION_MONTHS: "um ano" },
  ],
  ANALYTICS_FLUSH_MS: [
    { ...dev, ANALYTICS_FLUSH_MS: "60000" },
    { ...dev, ANALYTICS_FLUSH_MS: "2s" },
  ],
  SMTP_URL: [
    { ...dev, SMTP_URL: "mail.example.com:587" },
    { ...dev, SMTP_URL: "https://mail.example.com" },
  ],
  MAIL_FROM: [
    { ...dev, MAIL_FROM: "nao-responda" },
    { ...dev, MAIL_FROM: "Wind Digital nao-responda@exemplo" },
  ],
  TRUST_PROXY: [
    { ...dev, TRUST_PROXY: "yes" },
    { ...dev, TRUST_PROXY: "-1" },
    { ...dev, TRUST_PROXY: "11" },
  ],
  SITE_URL: [
    { ...dev, SITE_URL: "www.winddigital.com.br" },
    { ...dev, SITE_URL: "javascript:alert(1)" },
  ],
  UV_THREADPOOL_SIZE: [
    { ...dev, UV_THREADPOOL_SIZE: "0" },
    { ...dev, UV_THREADPOOL_SIZE: "muitas" },
  ],
  PAGE_CACHE_CHECK_MS: [
    { ...dev, PAGE_CACHE_CHECK_MS: "abc" },
    { ...dev, PAGE_CACHE_CHECK_MS: "-5" },
    { ...dev, PAGE_CACHE_CHECK_MS: "1.5" },
  ],
  BUILD_DIR: "checked by the server",
  PUBLIC_DIR: [{ ...dev, PUBLIC_DIR: "/no/such/folder" }],
  IMG_TEST_ALLOW_HOSTS: [{ ...dev, IMG_TEST_ALLOW_HOSTS: "http://127.0.0.2/" }],
};

describe("environment validation", () => {
  it("gives the documented defaults", () => {
    const env = parseEnv(dev);
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("file:./data/app.db");
    expect(env.UPLOADS_DIR).toBe("./data/uploads");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.CHAT_WEBHOOK_URL).toBeUndefined();
    expect(env.PAGE_CACHE_CHECK_MS).toBe(1000);
    expect(env.TRUST_PROXY).toBe(0);
    expect(env.CHAT_WEBHOOK_CONCURRENCY).toBe(500);
    expect(env.BUILD_DIR).toBe("build");
  });

  it("reads numbers as numbers and treats an empty value as unset", () => {
    const env = parseEnv({ ...dev, PAGE_CACHE_CHECK_MS: "0", PORT: "8080", CHAT_WEBHOOK_URL: "", UPLOADS_DIR: " ", MAX_IMAGE_MB: "2.5" });
    expect(env.PAGE_CACHE_CHECK_MS).toBe(0);
    expect(env.PORT).toBe(8080);
    expect(env.CHAT_WEBHOOK_URL).toBeUndefined();
    expect(env.UPLOADS_DIR).toBe("./data/uploads");
    expect(env.MAX_IMAGE_MB).toBe(2.5);
  });

  const cases = Object.entries(BAD).flatMap(([name, sources]) =>
    sources === "checked by the server" ? [] : sources.map((source) => [name, JSON.stringify(source), source] as const),
  );
  it.each(cases)("refuses a bad %s in one line naming it: %s", (name, _label, source) => {
    let message = "";
    try {
      parseEnv(source);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Invalid environment: (.*; )?${name} `));
    expect(message).not.toContain("\n");
  });

  it("has a bad value for every variable it declares, and declares every one the README documents", () => {
    expect(Object.keys(BAD).sort()).toEqual([...ENV_VARIABLES].sort());
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Scripts"));
    for (const name of ENV_VARIABLES) expect(table, `${name} in the README's configuration table`).toContain(name);
  });

  it("declares every variable the server, the app and the production scripts read", () => {
    const files = [
      ...sources(join(root, "app"), (path) => !path.includes("/generated/")),
      ...sources(join(root, "server")),
      ...sources(join(root, "scripts/lib")),
      ...["migrate.ts", "seed.ts", "user-create.ts", "backup.ts", "demo.ts"].map((f) => join(root, "scripts", f)),
    ];
    const read = new Map<string, string>();
    for (const file of files) {
      for (const match of readFileSync(file, "utf8").matchAll(/process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[["']([A-Z_][A-Z0-9_]*)["']\])/g)) {
        read.set(match[1] ?? match[2]!, relative(root, file));
      }
    }
    expect(read.size).toBeGreaterThan(3); // the scan finds what it looks for
    // Not configuration: tooling of the test suite and of Prisma's generator.
    const tooling = new Set(["PRISMA_SCHEMA_ENGINE_BINARY", "CHROMIUM_PATH", "CHROMIUM_HEADLESS_SHELL_PATH"]);
    for (const [name, file] of read) {
      if (tooling.has(name)) continue;
      expect(ENV_VARIABLES as string[], `${name} (read in ${file}) must be declared in app/lib/env.server.ts`).toContain(name);
    }
  });
});

describe("one definition of production", () => {
  it("is production unless NODE_ENV says development or test", () => {
    expect(modeOf(undefined)).toBe("production");
    expect(modeOf("production")).toBe("production");
    expect(modeOf("development")).toBe("development");
    expect(modeOf("test")).toBe("test");
    expect(isProduction({})).toBe(true);
    expect(isProduction({ NODE_ENV: "development" })).toBe(false);
    expect(parseEnv(prod).NODE_ENV).toBe("production");
    expect(parseEnv({ SESSION_SECRET: prod.SESSION_SECRET }).NODE_ENV).toBe("production");
  });

  it("never gives a public secret outside development and tests, nor to a serving process", () => {
    expect(() => parseEnv({})).toThrow(/^Invalid environment: SESSION_SECRET is required in production/);
    expect(parseEnv(dev).SESSION_SECRET).toBe(PUBLIC_DEV_SECRET);
    expect(() => parseEnv(dev, { serving: true })).toThrow(/^Invalid environment: SESSION_SECRET is required to serve/);
    expect(() => parseEnv({ ...dev, SESSION_SECRET: PUBLIC_DEV_SECRET }, { serving: true })).toThrow(/SESSION_SECRET is the public development secret/);
    expect(parseEnv({ ...dev, SESSION_SECRET: prod.SESSION_SECRET }, { serving: true }).SESSION_SECRET).toBe(prod.SESSION_SECRET);
  });
});

function sources(dir: string, keep: (path: string) => boolean = () => true): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (!keep(path)) return [];
    if (statSync(path).isDirectory()) return sources(path, keep);
    return /\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
}
