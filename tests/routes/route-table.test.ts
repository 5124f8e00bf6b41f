// React Router derives its route table from the build it is handed (every route's data route
// created, every path compiled and ranked). Handed a function that returns the build, it derives
// the table again for every request; the production server hands its fixed build over as itself,
// so the table is derived once. The build's route manifest is enumerated only while deriving.
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createServerHandler, type AppModule } from "../../server/app";
import { BUILD_DIR, ensureBuild } from "../helpers/platform-server";

let server: Server;
let baseUrl: string;
let derivations = 0;

beforeAll(async () => {
  ensureBuild();
  const app = (await import(pathToFileURL(join(BUILD_DIR, "server/index.js")).href)) as AppModule;
  const routes = new Proxy(app.build.routes, {
    ownKeys(target) {
      derivations++;
      return Reflect.ownKeys(target);
    },
  });
  const build = { ...app.build, routes };
  const { handle } = createServerHandler({ app: { ...app, build }, buildDir: null, mode: "production", siteUrl: undefined, mediaOrigins: [] });
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

it("a fixed build's route table is derived once, not for every request", async () => {
  // Resource routes: no document is rendered, so nothing else walks the manifest.
  for (const path of ["/healthz", "/robots.txt", "/healthz", "/robots.txt", "/healthz"]) {
    const response = await fetch(`${baseUrl}${path}`);
    await response.arrayBuffer();
    expect(response.status, path).toBe(200);
  }
  expect(derivations).toBe(1);
});
