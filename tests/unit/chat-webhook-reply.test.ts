// Which field of the webhook's answer becomes the reply.
import { describe, expect, it } from "vitest";
import { pickReply } from "~/lib/chat/webhook.server";
import { validateMessage } from "~/lib/chat/reply.server";

describe("pickReply", () => {
  it.each([
    [{ reply: "a", output: "b", text: "c" }, "a"],
    [{ output: "b", text: "c" }, "b"],
    [{ text: "c" }, "c"],
    [[{ output: "de uma lista" }], "de uma lista"],
    [{ reply: "  ", output: "b" }, "b"],
    [{ reply: 42 }, null],
    [{}, null],
    [null, null],
    ["texto solto", null],
  ])("%j → %j", (json, expected) => {
    expect(pickReply(json)).toBe(expected);
  });
});

describe("validateMessage", () => {
  it("trims and accepts 1 to 2000 characters", () => {
    expect(validateMessage("  oi  ")).toEqual({ ok: true, message: "oi" });
    expect(validateMessage("x".repeat(2000))).toMatchObject({ ok: true });
    expect(validateMessage("x".repeat(2001))).toMatchObject({ ok: false });
    expect(validateMessage("   ")).toMatchObject({ ok: false });
    expect(validateMessage(undefined)).toMatchObject({ ok: false });
  });
});
