// The server's configuration, validated once at start-up. A bad value stops the server with
// one clear line naming the variable.
import { z } from "zod";

const isProduction = process.env.NODE_ENV === "production";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url({ protocol: /^https?$/ }).optional())
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .default("file:./data/app.db")
    .refine((v) => /^(file:|postgres(ql)?:\/\/)/.test(v), "must start with file: or postgres://"),
  SESSION_SECRET: isProduction
    ? z.string({ error: "is required in production" }).min(16, "must have at least 16 characters")
    : z.string().min(1).default("dev-secret-not-for-production"),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  CHAT_WEBHOOK_URL: optionalUrl,
  CHAT_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(30_000),
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  UPLOADS_DIR: z.string().min(1).default("./data/uploads"),
  MAX_IMAGE_MB: z.coerce.number().positive().default(10),
  MAX_VIDEO_MB: z.coerce.number().positive().default(200),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: optionalUrl,
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SITE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000").transform((v) => v.replace(/\/+$/, "")),
});

export type Env = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`Invalid environment: ${issue.path.join(".")} ${issue.message}`);
  }
  return result.data;
}

function load(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

export const env: Env = load();
