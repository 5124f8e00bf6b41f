import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { createContext, ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";

import { NonceContext } from "~/lib/nonce";
import { db } from "~/lib/db.server";
import { requestInfo } from "~/lib/request-info.server";

// Re-exported so the HTTP server (server/app.ts) fills them in for every request and reads the
// content version its page cache depends on, through the same module instances as the app.
export { requestInfoContext } from "~/lib/request-info.server";
export { currentContentVersion, watchContentVersion } from "~/lib/content-version.server";

/** Called by the HTTP server on shutdown, once in-flight requests are done. */
export async function disconnectDatabase(): Promise<void> {
  await db.$disconnect();
}

/** The CSP nonce the HTTP server chose for this response (its header carries the same). */
export const cspNonceContext = createContext<string>("");

function nonceOf(context: RouterContextProvider): string | undefined {
  try {
    return context.get(cspNonceContext) || undefined;
  } catch {
    return undefined;
  }
}

// Unexpected errors in loaders, actions and rendering: logged once, as JSON with the request id
// and the stack. The visitor only sees the error screen (React Router strips details in production).
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  logError("unexpected error", error, request, context);
};

function logError(msg: string, error: unknown, request: Request, context: Readonly<RouterContextProvider>) {
  const { requestId } = requestInfo(context);
  const detail = error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
  console.error(
    JSON.stringify({ time: new Date().toISOString(), level: "error", msg, requestId, method: request.method, path: new URL(request.url).pathname, ...detail }),
  );
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = nonceOf(loadContext);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError("render error", error, request, loadContext);
        },
      },
    );
  });
}
