// Refusals that no schema words itself still speak Portuguese, a missing field included.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import "~/lib/zod-locale.server";

describe("zod's fallback messages", () => {
  it("call a missing field required, without naming JavaScript's undefined", () => {
    const result = z.object({ title: z.string() }).safeParse({});
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe("Campo obrigatório.");
  });

  it("keep the locale's Portuguese for other refusals", () => {
    const result = z.object({ order: z.number() }).safeParse({ order: "x" });
    expect(result.error!.issues[0]!.message).toMatch(/^Entrada inválida/);
    expect(result.error!.issues[0]!.message).not.toMatch(/undefined/);
  });
});
