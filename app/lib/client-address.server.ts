// The visitor's address, for rate limits and logs. Behind a load balancer or reverse proxy every
// connection comes from the proxy, so with TRUST_PROXY=N (the number of proxies in front of the
// server) the address is taken from X-Forwarded-For: the entry the outermost trusted proxy saw.
// Without TRUST_PROXY the header is ignored, since anyone can send it.
import type { IncomingMessage } from "node:http";

export function clientAddress(req: IncomingMessage, trustedProxies: number): string {
  const socketAddress = req.socket.remoteAddress ?? "unknown";
  if (trustedProxies <= 0) return socketAddress;
  const header = req.headers["x-forwarded-for"];
  const hops = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  // Each trusted proxy appended the address it received the request from.
  return hops[hops.length - trustedProxies] ?? hops[0] ?? socketAddress;
}
