// A one-route app served by the real server pipeline (server/app.ts) in this process: the page
// cache's tests give it a root route module (loader, action, middleware) and read what the server
// does with its answers. The page is the root loader's data as JSON in a <p>.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { pageCacheVersion, watchContentVersion } from "~/lib/content-version.server";
import { cspNonceContext, requestInfoContext } from "~/lib/request-info.server";
import { sharedPageCookies } from "~/lib/shared-page.server";
import { createServerHandler, type AppModule } from "../../server/app.ts";

type RootModule = { loader: (args: never) => unknown; action?: (args: never) => unknown; middleware?: unknown[] };

function buildOf(root: RootModule): ServerBuild {
  return {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: { loaderData: Record<string, unknown> } }) => {
          headers.set("Content-Type", "text/html; charset=utf-8");
          const data = JSON.stringify(context.staticHandlerContext.loaderData.root);
          return new Response(`<!doctype html><html><body><p>${data}</p></body></html>`, { status, headers });
        },
      },
    },
    routes: { root: { id: "root", path: "", module: { ...root, default: () => null } } },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {
        root: {
          id: "root",
          module: "/root.js",
          hasLoader: true,
          hasAction: Boolean(root.action),
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
          imports: [],
        },
      },
      url: "/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "/tmp",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** The app module the server loads, for the one-route app. */
export function fixtureApp(root: RootModule): AppModule {
  return {
    build: buildOf(root),
    requestInfoContext,
    cspNonceContext,
    pageCacheVersion,
    watchContentVersion,
    sharedPageCookies,
    countPageView: () => {},
    startHousekeeping: () => {},
    disconnectDatabase: async () => {},
  } as unknown as AppModule;
}

export interface FixtureInstance {
  server: Server;
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * An instance of the server on `app` (in development, a function that hands over the app module
 * as Vite would); the content version is trusted for a minute unless a change is announced.
 */
export async function startFixtureInstance(
  app: AppModule | (() => Promise<AppModule>),
  mode: "production" | "development" = "production",
): Promise<FixtureInstance> {
  const { handle } = createServerHandler({ app, buildDir: null, mode, siteUrl: undefined, mediaOrigins: [], versionCheckMs: 60_000 });
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    server,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
