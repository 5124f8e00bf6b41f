// Request bodies on the production server (server/index.ts as a child process, on this file's
// database), over every route of app/routes:
// - keep-alive: whatever a route answers before reading the body (405, 403 from the CSRF check,
//   413, 400, 404, 429, redirects, the admin guard's redirect to the sign-in...), the next
//   request on the same connection is answered; a body too long to discard (or of unknown
//   length) ends the connection, and the client still reads its answer;
// - one body limit: every public POST route answers 413 past it, with a Portuguese message
//   (an HTML page for a form, JSON for the chat's JSON), also for chunked bodies without a
//   Content-Length, and without waiting for the whole body.
import { Agent, request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRoutes, dataUrl } from "../helpers/app-routes";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { sessionCookie } from "./admin-fixtures";
import { BODY_TOO_LARGE, DRAIN_LIMIT, LINGER_MS, PUBLIC_BODY_LIMIT } from "../../server/request-body.ts";

let server: RunningServer;
let adminCookie: string;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET });
  adminCookie = await sessionCookie();
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  reusedSocket: boolean;
}

/**
 * One request on `agent`. `body` is sent in 16 KB chunks, without Content-Length when `chunked`.
 * With `waitForAnswerBeforeEnd`, the body's end is held back until the response has arrived.
 */
function send(
  agent: Agent,
  method: string,
  path: string,
  {
    headers = {},
    body,
    chunked = false,
    waitForAnswerBeforeEnd = false,
  }: { headers?: OutgoingHttpHeaders; body?: Buffer; chunked?: boolean; waitForAnswerBeforeEnd?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${method} ${path}: no answer within 5 s`));
    }, 5_000);
    const finalHeaders: OutgoingHttpHeaders = { ...headers };
    if (body && !chunked) finalHeaders["content-length"] = body.length;
    const req = request(`${server.baseUrl}${path}`, { method, agent, headers: finalHeaders }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString(), reusedSocket: req.reusedSocket });
        if (waitForAnswerBeforeEnd) req.end();
      });
    });
    // A server that closes the connection while we are still sending is allowed: the answer counts.
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    if (!body) return void req.end();
    for (let offset = 0; offset < body.length; offset += 16 * 1024) req.write(body.subarray(offset, offset + 16 * 1024));
    if (!waitForAnswerBeforeEnd) req.end();
  });
}

const routes = appRoutes();
const paths = [...new Set(routes.flatMap((r) => (r.page ? [r.path, dataUrl(r.path)] : [r.path])))];
paths.push("/pagina-que-nao-existe", "/admin/pagina-que-nao-existe");

const big = (size: number) => Buffer.alloc(size, "a");
const urlencoded = (size: number) => Buffer.concat([Buffer.from("message="), big(size)]);
const json = (size: number) => Buffer.from(JSON.stringify({ message: "x".repeat(size) }));
const BOUNDARY = "----limite";
const multipart = (size: number) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="cover_image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    big(size),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

interface Case {
  name: string;
  method: string;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  chunked?: boolean;
}

const cases: Case[] = [
  { name: "200 KB form", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: urlencoded(200_000) },
  { name: "200 KB form, chunked", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: urlencoded(200_000), chunked: true },
  { name: "200 KB JSON", method: "POST", headers: { "content-type": "application/json" }, body: json(200_000) },
  { name: "small form", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: urlencoded(1_000) },
  {
    name: "form just under the limit",
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: urlencoded(PUBLIC_BODY_LIMIT - 100),
  },
  {
    name: "cross-site 200 KB form",
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    body: urlencoded(200_000),
  },
  { name: "GET with a 200 KB body", method: "GET", headers: { "content-type": "application/x-www-form-urlencoded" }, body: urlencoded(200_000) },
  { name: "200 KB PUT", method: "PUT", headers: { "content-type": "application/x-www-form-urlencoded" }, body: urlencoded(200_000) },
  { name: "500 KB multipart", method: "POST", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, body: multipart(500_000) },
  {
    name: "500 KB multipart, chunked",
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: multipart(500_000),
    chunked: true,
  },
  {
    name: "admin's 500 KB multipart",
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, cookie: "" },
    body: multipart(500_000),
  },
];

describe("keep-alive after early answers", () => {
  it("answers the next request on the same connection after every route's answer to every kind of body", { timeout: 240_000 }, async () => {
    const statuses = new Set<number>();
    const failures: string[] = [];
    for (const path of paths) {
      for (const c of cases) {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        const headers = c.headers.cookie === "" ? { ...c.headers, cookie: adminCookie } : c.headers;
        const label = `${c.method} ${path} (${c.name})`;
        try {
          const first = await send(agent, c.method, path, { headers, body: c.body, chunked: c.chunked });
          statuses.add(first.status);
          if (first.status >= 500) failures.push(`${label}: answered ${first.status}`);
          const next = await send(agent, "GET", "/healthz");
          if (next.status !== 200) failures.push(`${label}: next request answered ${next.status}`);
          // A body of known size under the drain limit is discarded, not a reason to drop the
          // connection; one of unknown length (chunked) ends it, and says so.
          if (next.reusedSocket !== !c.chunked) failures.push(`${label}: connection reused: ${next.reusedSocket} (${first.status})`);
          if (c.chunked && first.headers.connection !== "close") failures.push(`${label}: no Connection: close (${first.status})`);
        } catch (error) {
          failures.push(`${label}: ${(error as Error).message}`);
        } finally {
          agent.destroy();
        }
      }
    }
    expect(failures).toEqual([]);
    // The answers this covered: pages, redirects (the admin guard's too), 400, 403 (CSRF), 404, 405, 413.
    for (const status of [200, 302, 303, 400, 403, 404, 405, 413]) expect([...statuses], `status ${status} seen`).toContain(status);
  });

  it("reproduces the report: three JSON posts to / on one fetch connection all answer", async () => {
    for (const message of [123, "x".repeat(200_000), undefined]) {
      const response = await fetch(`${server.baseUrl}/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(message === undefined ? { nothing: true } : { message }),
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer();
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
  });

  // Past the drain limit the connection ends with the answer. Ended with a reset while the client
  // was still sending, the client failed (EPIPE) before reading the answer, on about half the tries.
  const longBodies: (Case & { path: string })[] = [
    { name: "form", path: "/contato", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: urlencoded(DRAIN_LIMIT * 2) },
    {
      name: "form, chunked",
      path: "/contato",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: urlencoded(DRAIN_LIMIT * 2),
      chunked: true,
    },
    {
      name: "cross-site form",
      path: "/contato",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: urlencoded(DRAIN_LIMIT * 2),
    },
    {
      name: "upload without a session",
      path: "/admin/client-logos",
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipart(DRAIN_LIMIT * 2),
    },
  ];

  it("lets the client read the answer to a body past the drain limit, then ends the connection", { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const c of longBodies) {
      for (let attempt = 0; attempt < 8; attempt++) {
        const label = `${c.name} #${attempt}`;
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const viaHttp = await send(agent, c.method, c.path, { headers: c.headers, body: c.body, chunked: c.chunked });
          if (viaHttp.status < 300 || viaHttp.status >= 500) failures.push(`${label}: http answered ${viaHttp.status}`);
          if (viaHttp.headers.connection !== "close") failures.push(`${label}: no Connection: close`);
          const next = await send(agent, "GET", "/healthz");
          if (next.status !== 200 || next.reusedSocket) failures.push(`${label}: next request ${next.status}, reused socket: ${next.reusedSocket}`);
          const viaFetch = await fetch(`${server.baseUrl}${c.path}`, {
            method: c.method,
            headers: c.headers as Record<string, string>,
            body: c.chunked ? new Blob([new Uint8Array(c.body)]).stream() : new Uint8Array(c.body),
            duplex: "half",
            redirect: "manual",
            signal: AbortSignal.timeout(5_000),
          } as RequestInit);
          await viaFetch.arrayBuffer();
          if (viaFetch.status < 300 || viaFetch.status >= 500) failures.push(`${label}: fetch answered ${viaFetch.status}`);
        } catch (error) {
          failures.push(`${label}: ${(error as Error).message} ${String((error as Error).cause ?? "")}`);
        } finally {
          agent.destroy();
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("reads what the client still sends after a closing answer for a bounded time only", { timeout: 30_000 }, async () => {
    const port = Number(new URL(server.baseUrl).port);
    const started = Date.now();
    const { answer, closedAfter } = await new Promise<{ answer: string; closedAfter: number }>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      let feed: NodeJS.Timeout | undefined;
      socket.on("connect", () => {
        socket.write(
          `POST /contato HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${DRAIN_LIMIT * 100}\r\n\r\n`,
        );
        // An endless body, once the head is sent (a chunk queued before it would make the request
        // malformed on a busy machine): it keeps coming until the server hangs up.
        feed = setInterval(() => socket.writable && socket.write(big(16 * 1024)), 20);
      });
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(feed);
        resolve({ answer, closedAfter: Date.now() - started });
      });
      setTimeout(() => reject(new Error("the connection was never closed")), 25_000);
    });
    expect(answer.split("\r\n", 1)[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(closedAfter).toBeLessThan(LINGER_MS + 3_000);
  });
});

describe("one body limit for every public POST route", () => {
  const publicPosts = routes.filter((r) => r.action && (!r.admin || r.path === "/admin/login"));

  it("covers the public forms, the chat, consent and sign-in", () => {
    expect(publicPosts.map((r) => r.path).sort()).toEqual(expect.arrayContaining(["/", "/contato", "/api/chat", "/consent", "/admin/login"]));
  });

  for (const route of publicPosts) {
    const targets = route.page ? [route.path, dataUrl(route.path)] : [route.path];
    for (const target of targets) {
      it(`${target}: 413 with a Portuguese page for a large form, with or without Content-Length`, async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          for (const chunked of [false, true]) {
            const answer = await send(agent, "POST", target, {
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: urlencoded(PUBLIC_BODY_LIMIT + 1),
              chunked,
            });
            expect(answer.status, `chunked: ${chunked}`).toBe(413);
            expect(answer.headers["content-type"]).toMatch(/^text\/html/);
            expect(answer.body).toContain(BODY_TOO_LARGE);
            expect(answer.body).toContain('lang="pt-BR"');
          }
        } finally {
          agent.destroy();
        }
      });

      it(`${target}: 413 as JSON for a large JSON body`, async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const answer = await send(agent, "POST", target, { headers: { "content-type": "application/json" }, body: json(200_000), chunked: true });
          expect(answer.status).toBe(413);
          expect(answer.headers["content-type"]).toMatch(/^application\/json/);
          expect(JSON.parse(answer.body)).toEqual({ error: BODY_TOO_LARGE });
        } finally {
          agent.destroy();
        }
      });

      it(`${target}: refuses an endless chunked body as soon as it passes the limit, without waiting for its end`, async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const answer = await send(agent, "POST", target, {
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: urlencoded(PUBLIC_BODY_LIMIT * 2),
            chunked: true,
            waitForAnswerBeforeEnd: true,
          });
          expect(answer.status).toBe(413);
        } finally {
          agent.destroy();
        }
      });

      it(`${target}: a body under the limit still reaches the route`, async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const answer = await send(agent, "POST", target, {
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: urlencoded(PUBLIC_BODY_LIMIT - 100),
            chunked: true,
          });
          expect(answer.status).not.toBe(413);
          expect(answer.status).toBeLessThan(500);
        } finally {
          agent.destroy();
        }
      });
    }
  }
});

describe("admin uploads keep their own, larger limit", () => {
  it("streams a signed-in admin's multipart post past the public limit to the route", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await send(agent, "POST", "/admin/client-logos", {
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, cookie: adminCookie },
        body: multipart(PUBLIC_BODY_LIMIT * 4),
      });
      expect(answer.status).not.toBe(413);
    } finally {
      agent.destroy();
    }
  });
});

describe("malformed requests", () => {
  /** Sends raw bytes and returns the status line of the answer. */
  const raw = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(server.baseUrl).port), "127.0.0.1", () => socket.end(text));
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      socket.on("close", () => resolve(answer.split("\r\n", 1)[0]!));
      socket.on("error", reject);
    });

  it("answers 400, not 500, when the Host header makes no URL, with or without a body", async () => {
    for (const host of ["a b", "exemplo.com:99999"]) {
      expect(await raw(`GET /sobre?x=1 HTTP/1.1\r\nHost: ${host}\r\nCookie: __chat=x\r\nConnection: close\r\n\r\n`), host).toBe("HTTP/1.1 400 Bad Request");
      expect(await raw(`POST /contato HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 3\r\nConnection: close\r\n\r\nx=1`), host).toBe("HTTP/1.1 400 Bad Request");
    }
    expect(server.logs().filter((l) => l.msg === "request failed")).toEqual([]);
  });
});
