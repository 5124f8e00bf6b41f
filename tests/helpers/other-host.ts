// "Another site" for the tests of images from other hosts: a plain HTTP server on 127.0.0.2 (a
// loopback address other than the app's), answering each path with a handler and counting hits.
// Loopback is private, so the app fetches from it only with IMG_TEST_ALLOW_HOSTS=127.0.0.2,
// which it honours only when NODE_ENV is "test".
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface OtherHost {
  origin: string;
  /** Requests received, by path (query included). */
  hits: Map<string, number>;
  route(path: string, handler: Handler): void;
  stop(): Promise<void>;
}

export const OTHER_HOST_ADDRESS = "127.0.0.2";

export async function startOtherHost(): Promise<OtherHost> {
  const routes = new Map<string, Handler>();
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = routes.get(path.split("?")[0]!);
    if (handler) handler(req, res);
    else res.writeHead(404).end("não encontrado");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, OTHER_HOST_ADDRESS, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${OTHER_HOST_ADDRESS}:${port}`,
    hits,
    route: (path, handler) => routes.set(path, handler),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A handler answering fixed bytes with a content type. */
export function bytes(body: Buffer | string, type: string): Handler {
  return (_req, res) => res.writeHead(200, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) }).end(body);
}
