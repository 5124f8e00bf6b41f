// The password checker's line (app/lib/password.server.ts), driven in this process with every
// check queued in one go, so the order in which the single worker takes them is fixed: the owner's
// sign-in from a known device, sent while a stream from 20 addresses keeps the line full, is
// checked, never pushed out; ordinary checks still cannot be held by one address.
import { describe, expect, it } from "vitest";
import { checkPassword, hashPassword, PasswordCheckerBusy } from "~/lib/password.server";

const settle = (promise: Promise<boolean>) =>
  promise.then((ok) => (ok ? "ok" : "wrong")).catch((error: unknown) => (error instanceof PasswordCheckerBusy ? "busy" : "error"));

describe("the password checker's line", () => {
  it("a known device's check is taken before a stream from 20 addresses and never pushed out by it", async () => {
    const hash = await hashPassword("senha-do-dono-certa");
    // The owner signed in from this address before (the line has been served).
    expect(await checkPassword("senha-do-dono-certa", hash, "198.51.100.200")).toBe(true);
    const stream: Array<Promise<string>> = [];
    for (let i = 0; i < 12; i++) stream.push(settle(checkPassword(`chute-${i}`, hash, `203.0.113.${(i % 20) + 1}`)));
    const owner = settle(checkPassword("senha-do-dono-certa", hash, "198.51.100.200", true));
    // The stream goes on: newcomers from the other addresses, more than the line holds.
    for (let i = 12; i < 60; i++) stream.push(settle(checkPassword(`chute-${i}`, hash, `203.0.113.${(i % 20) + 1}`)));
    expect(await owner).toBe("ok");
    const results = await Promise.all(stream);
    expect(results.filter((r) => r === "busy").length).toBeGreaterThan(0);
    expect(results.every((r) => r === "busy" || r === "wrong")).toBe(true);
  });

  it("ordinary checks: a newcomer from a shorter line takes a place, one address cannot hold the line", async () => {
    const hash = await hashPassword("outra-senha-qualquer");
    const one = Array.from({ length: 12 }, (_, i) => settle(checkPassword(`x${i}`, hash, "192.0.2.1")));
    const other = settle(checkPassword("outra-senha-qualquer", hash, "192.0.2.2"));
    expect(await other).toBe("ok");
    const results = await Promise.all(one);
    expect(results.filter((r) => r === "busy").length).toBeGreaterThan(0);
  });
});
