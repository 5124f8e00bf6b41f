// Each of the server's steps (server/steps/) on its own, in front of a stand-in for the rest of
// the list that answers "app": what the step answers itself, and what it hands on. The whole list
// together is the subject of the HTTP-level tests (security-*, page-cache-*, logging).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { expectErrorOutput } from "../helpers/error-trap.ts";
import { runSteps, type AppModule, type Exchange, type Step } from "../../server/exchange.ts";
import { policyPath } from "../../app/lib/request-path.ts";
import { bodyLimit } from "../../server/steps/body-limit.ts";
import { refuseCrossSite } from "../../server/steps/cross-site.ts";
import { requestLog } from "../../server/steps/request-log.ts";
import { withSecurityHeaders } from "../../server/steps/security-headers.ts";
import { staticFiles } from "../../server/steps/static-files.ts";

/** The rest of the list: answers "app" and what the steps before found (the body read). */
const app: Step = (x) => {
  x.res.writeHead(200, { "Content-Type": "text/plain" });
  x.res.end(`app${x.body ? ` body=${x.body.length}` : ""}`);
};

const guard = () => undefined;
/** A build with one admin route (its middleware is `guard`) and one public route. */
const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/contato": { id: "routes/contato", parentId: "root", path: "contato", module: {} },
    "routes/admin": { id: "routes/admin", parentId: "root", path: "admin", module: { middleware: [guard] } },
  },
} as unknown as ServerBuild;
const appModule = { build, adminGuard: guard, countPageView: () => {} } as unknown as AppModule;

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

async function serve(steps: Step[]): Promise<string> {
  server = createServer((req, res) => {
    const url = req.url ?? "/";
    const x: Exchange = {
      req,
      res,
      requestId: "r-1",
      logScope: { requestId: "r-1" },
      method: req.method ?? "GET",
      url,
      path: policyPath(url),
      app: appModule,
      nonce: "",
      body: null,
    };
    void runSteps([...steps, app], x);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("requestLog", () => {
  it("gives every answer its request id and turns what nothing caught into the 500 page", async () => {
    const failing: Step = () => {
      throw new Error("boom");
    };
    const errors = expectErrorOutput();
    const base = await serve([requestLog({ errorHeaders: { "X-Frame-Options": "DENY" } }), failing]);
    const response = await fetch(`${base}/x`);
    expect(response.status).toBe(500);
    expect(response.headers.get("x-request-id")).toBe("r-1");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toContain("Ocorreu um erro inesperado.");
    expect(errors()).toEqual([expect.objectContaining({ msg: "request failed", requestId: "r-1", path: "/x" })]);
  });
});

describe("withSecurityHeaders", () => {
  it("sets its headers on the answer of the steps after it", async () => {
    const base = await serve([withSecurityHeaders({ "X-Content-Type-Options": "nosniff" })]);
    const response = await fetch(`${base}/`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe("app");
  });
});

describe("staticFiles", () => {
  function buildDir(): string {
    const dir = mkdtempSync(join(tmpdir(), "steps-build-"));
    mkdirSync(join(dir, "client/assets"), { recursive: true });
    writeFileSync(join(dir, "client/assets/entry-AbC123.js"), "console.log(1)");
    writeFileSync(join(dir, "client/favicon.ico"), "ico");
    return dir;
  }

  it("serves hashed assets as immutable, by the normalized path, with the file's own name", async () => {
    const base = await serve([staticFiles(buildDir())]);
    for (const path of ["/assets/entry-AbC123.js", "/%61ssets/entry-AbC123.js", "/ASSETS/entry-AbC123.js", "//assets/entry-AbC123.js"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toContain("immutable");
      expect(await response.text(), path).toBe("console.log(1)");
    }
    const missing = await fetch(`${base}/assets/entry-nope.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Não encontrado");
  });

  it("serves public files, and hands on what is not a file, a missing file and any write", async () => {
    const base = await serve([staticFiles(buildDir())]);
    expect(await (await fetch(`${base}/favicon.ico`)).text()).toBe("ico");
    expect(await (await fetch(`${base}/contato`)).text()).toBe("app");
    expect(await (await fetch(`${base}/nada.png`)).text()).toBe("app");
    expect(await (await fetch(`${base}/favicon.ico`, { method: "POST" })).text()).toBe("app");
  });

  it("hands everything on in development, where Vite serves the files", async () => {
    const base = await serve([staticFiles(null)]);
    expect(await (await fetch(`${base}/assets/entry-AbC123.js`)).text()).toBe("app");
  });
});

describe("refuseCrossSite", () => {
  it("refuses a cross-site write with 403 and lets reads and same-site writes through", async () => {
    const base = await serve([refuseCrossSite("http://site.example")]);
    const forged = await fetch(`${base}/contato`, { method: "POST", headers: { origin: "https://evil.example" }, body: "a=1" });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toBe("Requisição recusada: origem não permitida.");
    expect(await (await fetch(`${base}/contato`, { headers: { origin: "https://evil.example" } })).text()).toBe("app");
    expect(await (await fetch(`${base}/contato`, { method: "POST", headers: { origin: "http://site.example" }, body: "a=1" })).text()).toBe("app");
  });
});

describe("bodyLimit", () => {
  it("reads a small body for the app and answers 413 past the limit, as HTML or JSON", async () => {
    const base = await serve([bodyLimit()]);
    expect(await (await fetch(`${base}/contato`, { method: "POST", body: "a=1" })).text()).toBe("app body=3");
    const big = "x".repeat(70 * 1024);
    const page = await fetch(`${base}/contato`, { method: "POST", body: big });
    expect(page.status).toBe(413);
    expect(page.headers.get("content-type")).toContain("text/html");
    const json = await fetch(`${base}/contato`, { method: "POST", body: big, headers: { accept: "application/json", "content-type": "application/json" } });
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({ error: "O conteúdo enviado é grande demais. Encurte o texto e tente novamente." });
  });

  it("lets an upload to an admin route stream to the app, in any spelling of its path", async () => {
    const base = await serve([bodyLimit()]);
    const form = new FormData();
    form.set("file", new Blob(["y".repeat(70 * 1024)]), "a.png");
    for (const path of ["/admin", "/ADMIN", "/%61dmin"]) {
      const response = await fetch(`${base}${path}`, { method: "POST", body: form });
      expect(await response.text(), path).toBe("app");
    }
    // A multipart post to a public route is read (and limited) like any other.
    expect((await fetch(`${base}/contato`, { method: "POST", body: form })).status).toBe(413);
  });
});
