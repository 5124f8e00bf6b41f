import { describe, expect, it } from "vitest";
import { loader } from "~/routes/healthz";

describe("/healthz", () => {
  it("answers 200 with a JSON body when the database answers", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
  });
});
