import { describe, expect, it, vi } from "vitest";
import { expectErrorOutput } from "../helpers/error-trap";
import { loader } from "~/routes/healthz";
import { freePort } from "../../scripts/lib/pg-cluster.ts";

describe("/healthz", () => {
  it("answers 200 with a JSON body when the database answers", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
  });

  it("answers 503 with a JSON body when the database does not answer", async () => {
    // A fresh copy of the app's modules whose DATABASE_URL points at a port nobody listens on.
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = `postgres://nobody@127.0.0.1:${await freePort()}/gone`;
    vi.resetModules();
    const errors = expectErrorOutput();
    try {
      const { loader: unreachableLoader } = await import("~/routes/healthz");
      const response = await unreachableLoader();
      expect(response.status).toBe(503);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.json()).toEqual({ status: "error", database: "down" });
      expect(errors()).toEqual([expect.objectContaining({ msg: "healthz: database unreachable", err: expect.any(Error) })]);
    } finally {
      process.env.DATABASE_URL = saved;
      vi.resetModules();
    }
  });
});
