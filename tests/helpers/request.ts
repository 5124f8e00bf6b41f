// Builds real Requests and route arguments for calling loaders and actions directly.
import { RouterContextProvider } from "react-router";

export const ORIGIN = "http://localhost:3000";

export function formRequest(
  path: string,
  fields: Record<string, string | string[] | Blob> | FormData,
  init: { cookie?: string; headers?: Record<string, string> } = {},
): Request {
  let body: FormData;
  if (fields instanceof FormData) body = fields;
  else {
    body = new FormData();
    for (const [k, v] of Object.entries(fields)) {
      if (Array.isArray(v)) v.forEach((item) => body.append(k, item));
      else body.append(k, v);
    }
  }
  const headers = new Headers({ Origin: ORIGIN, ...init.headers });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`${ORIGIN}${path}`, { method: "POST", body, headers });
}

/**
 * The same request with its multipart body already encoded into bytes. A FormData body is encoded
 * while it is read, and undici fails with an unhandled error when the reader gives up halfway (an
 * upload refused while streaming); a body of bytes can be abandoned at any point.
 */
export async function bufferedFormRequest(...args: Parameters<typeof formRequest>): Promise<Request> {
  const request = formRequest(...args);
  return new Request(request.url, { method: request.method, headers: request.headers, body: await request.arrayBuffer() });
}

export function getRequest(path: string, init: { cookie?: string; headers?: Record<string, string> } = {}): Request {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`${ORIGIN}${path}`, { headers });
}

/** The arguments React Router passes to a loader or an action. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every route's generated argument type accepts these
  return { request, params, context: new RouterContextProvider(), unstable_pattern: "" } as any;
}

/** The Set-Cookie values of a response, as a Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * The chat's cookies a browser sends after this response: the ones it had (`before`, a Cookie
 * header) with those the response sets in their place (the session, and the mark of a conversation
 * without JavaScript once there is one).
 */
export function chatCookiesAfter(response: Response, before = ""): string {
  const jar = new Map(before ? before.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const) : []);
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    if (pair.startsWith("__chat")) jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return [...jar.values()].join("; ");
}
