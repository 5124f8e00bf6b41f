// Shared by the admin route tests: users, sessions and files built the way the app does.
import { randomUUID } from "node:crypto";
import { crc32 } from "node:zlib";
import bcrypt from "bcryptjs";
import { expect } from "vitest";
import { RouterContextProvider } from "react-router";
import { db } from "~/lib/db.server";
import { requestInfoContext } from "~/lib/request-info.server";
import { createUserSession } from "~/lib/session.server";
import { getToast } from "~/lib/toast.server";
import * as adminLayout from "~/routes/admin";
import { cookiesFrom, formRequest, getRequest, routeArgs } from "../helpers/request";

export const PASSWORD = "senha-segura-123";

export async function createUser({ admin = true, email = `${randomUUID()}@exemplo.com.br` } = {}) {
  const user = await db.user.create({ data: { email, passwordHash: bcrypt.hashSync(PASSWORD, 4) } });
  if (admin) await db.userRole.create({ data: { userId: user.id, role: "admin" } });
  return user;
}

/** A Cookie header holding a fresh session of a new user (admin unless told otherwise). */
export async function sessionCookie({ admin = true } = {}): Promise<string> {
  return (await signedIn({ admin })).cookie;
}

export async function signedIn({ admin = true } = {}) {
  const user = await createUser({ admin });
  return { user, cookie: (await createUserSession(user.id)).split(";")[0]! };
}

export const PNG_BYTES = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
/** The start of an MP4 (ftyp box), enough for file-type to recognise it. */
export const MP4_BYTES = Buffer.concat([Buffer.from("0000001c667479706d703432000000006d7034326d70343169736f6d", "hex"), Buffer.alloc(64)]);

// Each file made here has bytes of its own (the same picture, numbered), so the media library keeps
// it as a new file: a file sent again with the same bytes is not stored twice (app/lib/media/duplicates.server.ts).
// samePng() is the one file sent again.
let made = 0;
/** PNG_BYTES with a text chunk ("Comment", a number) before its end: the same 1×1 picture, other bytes. */
function numberedPng(): Buffer {
  const end = PNG_BYTES.length - 12; // the IEND chunk
  const chunk = Buffer.concat([Buffer.from("tEXt"), Buffer.from(`Comment\0arquivo ${++made}`, "latin1")]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(chunk.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(chunk));
  return Buffer.concat([PNG_BYTES.subarray(0, end), length, chunk, crc, PNG_BYTES.subarray(end)]);
}
export const png = (name = "foto.png") => new File([new Uint8Array(numberedPng())], name, { type: "image/png" });
export const mp4 = (name = "video.mp4") => new File([MP4_BYTES, Buffer.from(`arquivo ${++made}`)], name, { type: "video/mp4" });
/** The same PNG every time: a file sent again. */
export const samePng = (name = "foto.png") => new File([PNG_BYTES], name, { type: "image/png" });
/** A polyglot: HTML that calls itself a PNG. */
export const fakePng = () => new File(["<html><script>alert(1)</script></html>"], "x.png", { type: "image/png" });
export const svg = () => new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "x.svg", { type: "image/svg+xml" });

type Handler = (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
const adminMiddleware = adminLayout.middleware;

// The doors into the admin area (app/routes/admin_.*, adminDoors): open to anyone. Every other
// admin route runs the admin area's policy (adminArea), under the layout or (the blog preview) as
// its own middleware.
const ADMIN_DOORS = /^\/admin\/(login|logout|verificacao|esqueci-senha|redefinir-senha\/|convite\/|encerrar-sessao\/)/;

/** Whether the server would run the admin area's guard before this request's handler. */
function underGuard(request: Request): boolean {
  const path = new URL(request.url).pathname;
  return path.startsWith("/admin/") && !ADMIN_DOORS.test(path);
}

/** Runs a handler as the server would (behind the admin guard for the routes under the admin layout). */
export async function call(handler: Handler, request: Request): Promise<Response | { data: unknown; init: ResponseInit | null }> {
  try {
    return (await (underGuard(request) ? underAdminLayout(handler) : handler)(routeArgs(request))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Runs a handler and returns the thrown or returned Response (redirects are thrown). */
export async function responseOf(handler: Handler, request: Request): Promise<Response> {
  const result = await call(handler, request);
  if (result instanceof Response) return result;
  throw new Error(`expected a Response, got ${JSON.stringify(result)}`);
}

/** The data() a handler returned (status and body). */
export async function dataOf(handler: Handler, request: Request) {
  const result = await call(handler, request);
  if (result instanceof Response) throw new Error(`expected data(), got Response ${result.status} ${result.headers.get("Location")}`);
  const value = result as {
    data: { lastResult: { error?: Record<string, string[]> } | null; toast?: { title: string; description?: string }; kept?: Record<string, string> };
    init: ResponseInit | null;
  };
  return { status: value.init?.status ?? 200, body: value.data };
}

/**
 * A loader or action of a route under the admin layout as the server runs it: behind the layout's
 * middleware (the admin guard), which runs before it and may answer instead.
 */
export function underAdminLayout(handler: Handler): Handler {
  return async (args) => {
    let result: unknown;
    const run = async (index: number): Promise<Response> => {
      const middleware = adminMiddleware[index];
      if (!middleware) {
        result = await handler(args);
        if (result instanceof Response) return result;
        // data(body, { status }) reaches the middleware as a response with that status.
        return new Response(null, { status: (result as { init?: ResponseInit | null } | null)?.init?.status ?? 200 });
      }
      let response: Response | undefined;
      const answer = await middleware(args, async () => (response = await run(index + 1)));
      // React Router runs the rest of the chain itself when a middleware does not call next().
      return (answer ?? response ?? (await run(index + 1))) as Response;
    };
    await run(0);
    return result;
  };
}

/** What a route handler answered, as the tests read it: status, redirect, cookies set and body. */
export type Outcome = { status: number; location: string | null; cookie: string; body: Record<string, unknown> };

/**
 * Runs a route handler as the server does (behind the admin guard when `guarded`), from address
 * `ip`. The body is what data() carried, a loader's value, or a JSON response's content.
 */
export async function outcomeOf(
  handler: (args: never) => unknown,
  request: Request,
  { params = {}, ip = "203.0.113.7", guarded = false }: { params?: Record<string, string>; ip?: string; guarded?: boolean } = {},
): Promise<Outcome> {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip, requestId: "t" });
  const args = { request, params, context, unstable_pattern: "" } as never;
  let result: unknown;
  try {
    result = await (guarded ? underAdminLayout(handler as never) : handler)(args);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const body = result.headers.get("Content-Type")?.includes("json") ? ((await result.json()) as Record<string, unknown>) : {};
    return { status: result.status, location: result.headers.get("Location"), cookie: cookiesFrom(result), body };
  }
  const value = result as { data?: Record<string, unknown>; init?: ResponseInit | null };
  if (value.data !== undefined && "init" in value) return { status: value.init?.status ?? 200, location: null, cookie: "", body: value.data };
  return { status: 200, location: null, cookie: "", body: value as Record<string, unknown> };
}

/** The guard every admin action keeps, through the admin layout: anonymous → login, non-admin → refused. */
export async function expectGuarded(action: Handler, path: string, fields: Record<string, string | Blob>) {
  const handler = underAdminLayout(action);
  const anonymous = await responseOf(handler, formRequest(path, fields));
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
  const { user, cookie } = await signedIn({ admin: false });
  const refused = await responseOf(handler, formRequest(path, fields, { cookie }));
  expect(refused.status).toBe(302);
  expect(refused.headers.get("Location")).toBe("/admin/login");
  expect(refused.headers.getSetCookie().join(";")).toContain("__admin_session=;");
  expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
}

export { formRequest, getRequest, routeArgs };

/** The toast a redirect carries (its flash cookie, read back as the next page would). */
export async function toastOf(response: Response) {
  return (await getToast(getRequest("/", { cookie: cookiesFrom(response) }))).toast;
}
