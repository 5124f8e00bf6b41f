// The remote-image guard connects only to global unicast addresses. Every way of writing an IPv4
// address inside an IPv6 one is judged as that IPv4 address (the forms the network delivers to
// it: mapped, NAT64's well-known prefix, 6to4) or refused (IPv4-compatible, translated, local-use
// NAT64, Teredo), so no spelling reaches loopback, a private network or the metadata service.
import { describe, expect, it } from "vitest";
import { isGlobalAddress } from "~/lib/media/remote-image.server";

const PRIVATE_V4 = [
  "127.0.0.1",
  "10.1.2.3",
  "172.16.0.1",
  "192.168.0.1",
  "169.254.169.254",
  "100.64.0.1",
  "0.0.0.0",
  "192.0.2.1",
  "198.18.0.1",
  "224.0.0.1",
  "255.255.255.255",
];
const PUBLIC_V4 = ["8.8.8.8", "1.1.1.1", "200.160.2.3"];

const hex = (v4: string) => {
  const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
};

/** Every IPv6 spelling that carries `v4`, and whether the network delivers it to `v4` itself. */
function embeddings(v4: string): Array<{ address: string; judgedAsV4: boolean }> {
  const [high, low] = hex(v4);
  return [
    { address: `::ffff:${v4}`, judgedAsV4: true },
    { address: `::ffff:${high}:${low}`, judgedAsV4: true },
    { address: `0:0:0:0:0:ffff:${v4}`, judgedAsV4: true },
    { address: `64:ff9b::${v4}`, judgedAsV4: true },
    { address: `64:ff9b::${high}:${low}`, judgedAsV4: true },
    { address: `2002:${high}:${low}::1`, judgedAsV4: true },
    { address: `2002:${high}:${low}:ffff::`, judgedAsV4: true },
    { address: `::${v4}`, judgedAsV4: false },
    { address: `::${high}:${low}`, judgedAsV4: false },
    { address: `::ffff:0:${v4}`, judgedAsV4: false },
    { address: `64:ff9b:1::${v4}`, judgedAsV4: false },
    { address: `64:ff9b:1:ffff::${high}:${low}`, judgedAsV4: false },
    { address: `2001:0:4136:e378:8000:63bf:${high}:${low}`, judgedAsV4: false }, // Teredo
  ];
}

describe("isGlobalAddress", () => {
  it("refuses every IPv6 spelling of a private IPv4 address", () => {
    for (const v4 of PRIVATE_V4) {
      expect(isGlobalAddress(v4), v4).toBe(false);
      for (const { address } of embeddings(v4)) expect(isGlobalAddress(address), address).toBe(false);
    }
  });

  it("judges a public IPv4 address inside IPv6 as that address where the network delivers it, else refuses", () => {
    for (const v4 of PUBLIC_V4) {
      expect(isGlobalAddress(v4), v4).toBe(true);
      for (const { address, judgedAsV4 } of embeddings(v4)) expect(isGlobalAddress(address), address).toBe(judgedAsV4);
    }
  });

  it("allows only global unicast IPv6 (2000::/3 outside the special blocks)", () => {
    for (const address of ["2606:4700:4700::1111", "2001:4860:4860::8888", "2800:3f0:4001:810::200e", "2a00:1450:4001:82b::200e"]) {
      expect(isGlobalAddress(address), address).toBe(true);
    }
    for (const address of [
      "::",
      "::1",
      "fe80::1",
      "fec0::1", // site-local (deprecated, still routed inside some networks)
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "100::1",
      "2001:db8::1",
      "2001:2::1",
      "2001:10::1",
      "3fff::1",
      "4000::1",
      "e000::1",
      "not-an-address",
      "",
    ]) {
      expect(isGlobalAddress(address), address).toBe(false);
    }
  });
});
