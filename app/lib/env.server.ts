// The configuration of the server and of the scripts, validated in one place at start-up. Every
// variable the server, the app or a production script reads is declared here (a test checks that
// no code reads process.env outside this list); a bad value stops the process with one clear line
// naming the variable instead of becoming NaN or a silent default.
import { statSync } from "node:fs";
import { z } from "zod";
import { isDatabaseUrl } from "./database-url.server.ts";
import { LOG_LEVELS } from "./log-levels.ts";
import { modeOf } from "./mode.ts";

/** The session secret of development and tests. Public (it is in the repository): never served. */
export const PUBLIC_DEV_SECRET = "dev-secret-not-for-production";

const integer = (min: number, max: number) =>
  z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

const megabytes = z.coerce.number({ error: "must be a number" }).positive("must be more than 0");

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });

const fields = {
  NODE_ENV: z.enum(["development", "production", "test"], { error: "must be production, development or test" }).optional().transform(modeOf),
  PORT: integer(1, 65535).default(3000),
  DATABASE_URL: z.string().default("file:./data/app.db").refine(isDatabaseUrl, "must start with file: or postgres://"),
  SESSION_SECRET: z.string().optional(),
  ADMIN_EMAIL: z.email("must be an e-mail address").optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(10, "must have at least 10 characters")
    .refine((v) => Buffer.byteLength(v) <= 72, "must have at most 72 bytes (bcrypt ignores the rest)")
    .optional(),
  CHAT_WEBHOOK_URL: httpUrl.optional(),
  CHAT_TIMEOUT_MS: integer(1, 300_000).default(30_000),
  CHAT_RATE_LIMIT: integer(1, 1_000_000_000).default(20),
  CHAT_WEBHOOK_CONCURRENCY: integer(1, 100_000).default(500),
  UPLOADS_DIR: z
    .string()
    .default("./data/uploads")
    .refine((v) => !statSync(v, { throwIfNoEntry: false })?.isFile(), "must be a folder (it names a file)"),
  MAX_IMAGE_MB: megabytes.default(10),
  MAX_VIDEO_MB: megabytes.default(200),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1 or auto")
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: httpUrl.optional(),
  TRUST_PROXY: integer(0, 10).default(0),
  SITE_URL: httpUrl.default("http://localhost:3000").transform((v) => v.replace(/\/+$/, "")),
  PAGE_CACHE_CHECK_MS: integer(0, 3_600_000).default(1000),
  /**
   * The purge endpoints of the shared cache in front (Varnish, deploy/varnish/), comma-separated:
   * every content change is purged there, which is what lets stored pages live at the edge.
   * Unset: stored pages tell shared caches to revalidate every time.
   */
  EDGE_PURGE_URL: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.length > 0 && urls.every((url) => httpUrl.safeParse(url).success), "must be one or more comma-separated http:// or https:// URLs")
    .optional(),
  /** Node's thread pool (file reads, compression, image work); server/index.ts sets it before the pool starts. */
  UV_THREADPOOL_SIZE: integer(1, 1024).default(16),
  /** The least important log lines written: `info` (every request's access line), `warn` or `error`. */
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  /** `off` turns the privacy-first visit and conversion counting off (app/lib/analytics/). */
  ANALYTICS: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  /** How many months of daily insight counts are kept; older days are deleted by the housekeeping. */
  ANALYTICS_RETENTION_MONTHS: integer(1, 1200).default(25),
  /** How many months a lead (a form or chat contact, with its transcript and notes) is kept; the housekeeping deletes older ones. */
  LEADS_RETENTION_MONTHS: integer(1, 1200).default(12),
  /**
   * How often each instance adds what it counted to the database. At most 10 s: the insights page
   * promises the numbers within 15 s.
   */
  ANALYTICS_FLUSH_MS: integer(100, 10_000).default(2_000),
  /**
   * bcrypt's cost for stored passwords: each step up doubles the work of a sign-in check (12 is
   * about a quarter of a second on a small server). Keep 12 or more for real accounts; the tests
   * use 4, the least bcrypt allows, so that creating and signing in accounts is not most of their time.
   */
  BCRYPT_COST: integer(4, 15).default(12),
  /** How many revisions each blog post keeps in its history; older ones are deleted as new ones come. */
  POST_REVISIONS_KEEP: integer(1, 1000).default(50),
  /**
   * Where the server's daily backup goes (app/lib/backup/schedule.server.ts): a folder, or
   * s3://bucket[/prefix] on the S3 store of S3_ENDPOINT. Unset: no scheduled backup.
   */
  BACKUP_DIR: z
    .string()
    .refine((v) => /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[^\s]*)?$/.test(v) || !/^[a-z0-9+.-]+:\/\//i.test(v), "must be a folder or s3://bucket[/prefix]")
    .refine((v) => !statSync(v, { throwIfNoEntry: false })?.isFile(), "must be a folder (it names a file)")
    .optional(),
  /** How many scheduled backups are kept in BACKUP_DIR; older ones are deleted after each new one. */
  BACKUP_KEEP: integer(1, 1000).default(7),
  /** Outgoing e-mail (invitations, password resets): smtp://user:pass@host:587 or smtps://…:465. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587" }).optional(),
  /** The sender of those messages: an address, or a name and an address ("Wind Digital <nao-responda@exemplo.com.br>"). */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>@\r\n]+<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/, "must be an e-mail address, or a name and <address>")
    .optional(),
  /** The production build the server serves (`react-router build` writes ./build). */
  BUILD_DIR: z.string().default("build"),
  /** The folder of static files the image route may resize (tests point it elsewhere). */
  PUBLIC_DIR: z
    .string()
    .refine((v) => statSync(v, { throwIfNoEntry: false })?.isDirectory() ?? false, "must be an existing folder")
    .optional(),
  /**
   * Tests only: hosts the image route may fetch from although they are private (the tests serve
   * "other sites" on loopback). Honoured only when NODE_ENV is "test", read when a fetch starts.
   */
  IMG_TEST_ALLOW_HOSTS: z
    .string()
    .regex(/^[a-z0-9.:\-, ]*$/i, "must be a comma-separated list of host names or addresses")
    .optional(),
};

/** Every variable the configuration reads, in the order the README's table lists them. */
export const ENV_VARIABLES = Object.keys(fields) as Array<keyof typeof fields>;

function schema(serving: boolean) {
  return z.object(fields).transform((env, ctx) => {
    let secret = env.SESSION_SECRET;
    // Serving the production build (server/index.ts) always needs a secret of its own, whatever
    // the mode; only the development server and the tests sign with the public one.
    if (secret === undefined && (env.NODE_ENV === "production" || serving)) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: `is required ${env.NODE_ENV === "production" ? "in production (NODE_ENV unset or production)" : "to serve the app"}: generate one with \`openssl rand -base64 32\``,
      });
    } else if (secret !== undefined && (env.NODE_ENV === "production" || serving)) {
      const secrets = secret.split(",").map((s) => s.trim());
      if (secrets.some((s) => s.length < 16)) {
        ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "must have at least 16 characters (each, when comma-separated)" });
      }
      if (secrets.includes(PUBLIC_DEV_SECRET)) {
        ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is the public development secret: generate one with `openssl rand -base64 32`" });
      }
    }
    secret ??= PUBLIC_DEV_SECRET;
    for (const [set, missing] of [
      ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"],
      ["S3_SECRET_ACCESS_KEY", "S3_ACCESS_KEY_ID"],
    ] as const) {
      if (env[set] !== undefined && env[missing] === undefined) {
        ctx.addIssue({ code: "custom", path: [missing], message: `is required when ${set} is set` });
      }
    }
    if (env.BACKUP_DIR?.startsWith("s3://") && !env.S3_ENDPOINT) {
      ctx.addIssue({ code: "custom", path: ["BACKUP_DIR"], message: "names an S3 bucket: set S3_ENDPOINT (and its keys) too" });
    }
    return { ...env, SESSION_SECRET: secret };
  });
}

export type Env = z.output<ReturnType<typeof schema>>;

export interface EnvOptions {
  /** Validating for server/index.ts, which serves requests: SESSION_SECRET is required in every mode. */
  serving?: boolean;
}

/** The validated configuration, or an Error whose message is one line naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>, options: EnvOptions = {}): Env {
  // An empty value means unset (`FOO=` in an env file, `${FOO:-}` in compose), so the default applies.
  const values = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ""));
  const result = schema(options.serving ?? false).safeParse(values);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join("; ")}`);
  }
  return result.data;
}

/** parseEnv for a process starting up: a bad value prints its one line and ends the process. */
export function loadEnv(source: Record<string, string | undefined>, options: EnvOptions = {}): Env {
  try {
    return parseEnv(source, options);
  } catch (error) {
    refuseToStart((error as Error).message);
  }
}

/**
 * Ends a process that cannot start with its one line on stderr, as it is: a person reads it in a
 * terminal or a deploy log before anything runs. Not through the logger, whose own setting
 * (LOG_LEVEL) is among the values checked here.
 */
export function refuseToStart(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export const env: Env = loadEnv(process.env);
