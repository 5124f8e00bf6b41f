import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress } from "../../app/lib/client-address.server.ts";

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress }, headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} }) as unknown as IncomingMessage;

describe("clientAddress", () => {
  it("ignores X-Forwarded-For unless proxies are trusted (anyone can send it)", () => {
    expect(clientAddress(request("10.0.0.5", "1.2.3.4"), 0)).toBe("10.0.0.5");
  });

  it("takes the address the outermost trusted proxy saw", () => {
    // nginx appended the visitor's address; a forged first entry is not trusted.
    expect(clientAddress(request("172.18.0.9", "6.6.6.6, 200.150.1.7"), 1)).toBe("200.150.1.7");
    expect(clientAddress(request("172.18.0.9", "200.150.1.7, 10.0.0.2"), 2)).toBe("200.150.1.7");
  });

  it("falls back to the socket when the header is missing", () => {
    expect(clientAddress(request("172.18.0.9"), 1)).toBe("172.18.0.9");
  });
});
