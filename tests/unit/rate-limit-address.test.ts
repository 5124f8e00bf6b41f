// The address every rate limit counts: IPv6 by its /64, IPv4 as is.
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { rateLimitAddress, requestInfo, requestInfoContext } from "~/lib/request-info.server";

describe("rateLimitAddress", () => {
  it("keys an IPv6 address by its /64, however it is written", () => {
    const key = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0:0:0:abcd",
      "2001:db8:1:2:a:b:1.2.3.4",
      "2001:db8:1:2::7%eth0",
    ]) {
      expect(rateLimitAddress(address)).toBe(key);
    }
    expect(rateLimitAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitAddress("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("keeps IPv4 addresses, also when seen through an IPv6 socket", () => {
    expect(rateLimitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::FFFF:cb00:7107")).toBe("203.0.113.7");
  });

  it("leaves anything that is not an address alone", () => {
    expect(rateLimitAddress("unknown")).toBe("unknown");
  });

  it("is what requestInfo hands to every rate limit", () => {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { ip: "2001:db8:aa:bb:1234:5678:9abc:def0", requestId: "r1" });
    expect(requestInfo(context)).toEqual({ ip: "2001:db8:aa:bb::/64", requestId: "r1" });
  });
});
