// Fetches an image from another site for the image route (/img), which resizes and re-encodes it
// so the page only ever loads images from our own origin (the Content-Security-Policy allows no
// other image host). The server makes the request on the admin's behalf, so it is guarded like
// any server-side fetch of a URL someone typed:
// - only http(s), default ports, no user:password@;
// - every address the name resolves to must be global unicast (no loopback, private, link-local,
//   CGNAT, multicast or reserved ranges; an IPv6 address that embeds an IPv4 one is judged as
//   that IPv4 address or refused: see isGlobalAddress); the connection goes to the address
//   that was checked (a custom lookup), so a DNS answer cannot change between check and connect;
// - redirects are followed at most MAX_REDIRECTS times and every hop is checked the same way;
// - the whole exchange has a time limit and the body a size limit (MAX_IMAGE_MB, as uploads);
// - the caller sniffs the bytes (never the Content-Type) and re-encodes them: nothing is served raw.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { env } from "../env.server.ts";
import { ipv6Groups } from "../request-info.server.ts";

const MAX_REDIRECTS = 3;
/** How long one remote image may take, redirects included (tests shorten it). */
export const remoteLimits = { timeoutMs: 8_000 };

/** Why a remote image was not fetched or read; `status` is what the image route answers. */
export class RemoteImageError extends Error {
  readonly status: 400 | 403 | 404 | 413 | 422 | 503;

  constructor(status: 400 | 403 | 404 | 413 | 422 | 503, message: string) {
    super(message);
    this.status = status;
  }
}

/** IPv4 ranges that are not global unicast: the server never connects to these on anyone's behalf. */
const notGlobalV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24], // 6to4 relays
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3], // multicast and reserved, up to 255.255.255.255
] as const) {
  notGlobalV4.addSubnet(network, prefix, "ipv4");
}
/** IPv6 global unicast is 2000::/3; everything outside it (loopback, unique local, link- and site-local, multicast, the old IPv4-compatible and translated forms...) is refused. */
const globalV6 = new BlockList();
globalV6.addSubnet("2000::", 3, "ipv6");
/** Inside 2000::/3, what is not a host on the internet either. */
const notGlobalV6 = new BlockList();
for (const [network, prefix] of [
  ["2001::", 23], // IETF protocol assignments: Teredo (an obfuscated IPv4 inside), benchmarking, ORCHID...
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
] as const) {
  notGlobalV6.addSubnet(network, prefix, "ipv6");
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * Whether an IP address is a global unicast host, the only kind the server may fetch from on a
 * visitor's behalf. An IPv6 address that carries an IPv4 address the network delivers to (mapped
 * `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:aabb:ccdd::`) is judged as that IPv4
 * address; every other form that embeds one lies outside 2000::/3 or in 2001::/23 and is refused.
 */
export function isGlobalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notGlobalV4.check(address, "ipv4");
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return isGlobalAddress(ipv4Of(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isGlobalAddress(ipv4Of(g6, g7));
  if (g0 === 0x2002) return isGlobalAddress(ipv4Of(g1, g2));
  const canonical = groups.map((g) => g.toString(16)).join(":");
  return globalV6.check(canonical, "ipv6") && !notGlobalV6.check(canonical, "ipv6");
}

/**
 * Hosts the tests serve "other sites" from (loopback addresses, which the guard refuses). Read
 * only when NODE_ENV is "test": a production server never honours it, whatever its environment.
 */
function testHosts(): Set<string> {
  if (process.env.NODE_ENV !== "test") return new Set();
  return new Set(
    (process.env.IMG_TEST_ALLOW_HOSTS ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The URL in the one form the cache keys it by, or null when it may not be fetched at all. */
export function normalizeRemoteUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  url.hash = "";
  return url;
}

/** Refuses a URL before any request: scheme, credentials, port, literal private addresses. */
function checkUrl(url: URL, allowed: Set<string>): void {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (allowed.has(host)) return;
  if (url.port) throw new RemoteImageError(403, "Endereço de imagem não permitido");
  if (isIP(host) && !isGlobalAddress(host)) throw new RemoteImageError(403, "Endereço de imagem não permitido");
}

/** A DNS lookup that fails when any address of the name is private. */
function guardedLookup(allowed: Set<string>): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const list = addresses as LookupAddress[];
      if (!allowed.has(hostname.toLowerCase()) && (list.length === 0 || list.some((a) => !isGlobalAddress(a.address)))) {
        return callback(Object.assign(new Error("private address"), { code: "EPRIVATE" }), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

function get(url: URL, allowed: Set<string>, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(url, {
      method: "GET",
      lookup: guardedLookup(allowed),
      signal,
      headers: { Accept: "image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8", "User-Agent": "WindDigital-ImageProxy/1" },
    });
    request.once("response", resolve);
    request.once("error", reject);
    request.end();
  });
}

/** The image's bytes (at most MAX_IMAGE_MB), following checked redirects. */
export async function fetchRemoteImage(value: string): Promise<Buffer> {
  const maxBytes = env.MAX_IMAGE_MB * 1024 * 1024;
  const allowed = testHosts();
  const signal = AbortSignal.timeout(remoteLimits.timeoutMs);
  let url = normalizeRemoteUrl(value);
  if (!url) throw new RemoteImageError(400, "Imagem inválida");

  try {
    for (let hop = 0; ; hop++) {
      checkUrl(url, allowed);
      const response = await get(url, allowed, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= MAX_REDIRECTS) throw new RemoteImageError(422, "Redirecionamentos demais");
        const next = normalizeRemoteUrl(new URL(response.headers.location, url).href);
        if (!next) throw new RemoteImageError(403, "Endereço de imagem não permitido");
        url = next;
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new RemoteImageError(404, "Imagem não encontrada");
      }
      if (Number(response.headers["content-length"] ?? 0) > maxBytes) {
        response.destroy();
        throw new RemoteImageError(413, "Imagem grande demais");
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy();
          throw new RemoteImageError(413, "Imagem grande demais");
        }
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    }
  } catch (error) {
    if (error instanceof RemoteImageError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "EPRIVATE") throw new RemoteImageError(403, "Endereço de imagem não permitido");
    if (signal.aborted) throw new RemoteImageError(422, "A imagem demorou demais para responder");
    throw new RemoteImageError(404, "Imagem não encontrada");
  }
}
