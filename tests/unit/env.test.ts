import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";

describe("environment validation", () => {
  it("gives the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("file:./data/app.db");
    expect(env.UPLOADS_DIR).toBe("./data/uploads");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.CHAT_WEBHOOK_URL).toBeUndefined();
  });

  it("names the variable in one clear line when a value is bad", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrow(/^Invalid environment: PORT /);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start with file: or postgres:\/\//);
    expect(() => parseEnv({ CHAT_WEBHOOK_URL: "not a url" })).toThrow(/CHAT_WEBHOOK_URL/);
  });
});
