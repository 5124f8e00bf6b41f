// Facts about the current request that only the HTTP server knows (client address, request id,
// the CSP nonce of its answer), passed to loaders and actions through React Router's context.
import { isIPv4, isIPv6 } from "node:net";
import { createContext, type RouterContextProvider } from "react-router";
import { memoize } from "./memoize";

export interface RequestInfo {
  /**
   * The visitor's address as every rate limit counts it: an IPv4 address as is, an IPv6 address
   * as its /64 network (see rateLimitAddress). Never stored as it is: rate-limit.server.ts keeps
   * only a keyed hash of every key.
   */
  ip: string;
  requestId: string;
}

export const requestInfoContext = createContext<RequestInfo>({ ip: "unknown", requestId: "-" });

export function requestInfo(context: Readonly<RouterContextProvider> | undefined): RequestInfo {
  const info = context?.get(requestInfoContext) ?? { ip: "unknown", requestId: "-" };
  return { ...info, ip: rateLimitAddress(info.ip) };
}

/** The CSP nonce the HTTP server chose for this response (its header carries the same). */
export const cspNonceContext = createContext<string>("");

/**
 * The address a rate limit counts. An IPv6 subscriber is usually given a whole /64 (2^64
 * addresses) and can pick a new address for every request, so counting exact IPv6 addresses
 * would let one client escape every per-address limit: IPv6 addresses are counted by their /64
 * (`2001:db8:1:2::/64`). IPv4 addresses, and IPv4 seen through an IPv6 socket (`::ffff:1.2.3.4`),
 * count as the address itself.
 * Remembered: every page view counted for the insights asks, on the cached pages' fast path, and
 * parsing an IPv6 address each time cost a busy server several microseconds a view (measured).
 */
export const rateLimitAddress = memoize(normalize, 10_000);

function normalize(address: string): string {
  const ip = address.replace(/%.*$/, ""); // a zone id (fe80::1%eth0) names the interface, not the host
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return address;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a trailing IPv4 expanded). */
export function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}
