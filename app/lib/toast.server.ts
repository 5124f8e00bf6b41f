// Toasts travel in a short-lived flash cookie: an action redirects with one, the root loader
// reads it once, and the page renders it on the server (so it shows without JavaScript too).
import { parse as parseCookies } from "cookie-es";
import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";
import { env } from "./env.server";
import type { Toast } from "./toast";

export type { Toast };

const toastSchema = z.object({
  type: z.enum(["success", "error"]),
  title: z.string(),
  description: z.string().optional(),
}) satisfies z.ZodType<Toast>;

/** The flash cookie that carries a toast to the next page. */
const TOAST_COOKIE = "__toast";

const storage = createCookieSessionStorage({
  cookie: {
    name: TOAST_COOKIE,
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production",
    secrets: env.SESSION_SECRET.split(","),
  },
});

async function toastHeaders(toast: Toast, headers = new Headers()): Promise<Headers> {
  const session = await storage.getSession();
  session.flash("toast", toastSchema.parse(toast));
  headers.append("Set-Cookie", await storage.commitSession(session));
  return headers;
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = await toastHeaders(toast, new Headers(init?.headers));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that consumes it. */
export async function getToast(request: Request) {
  const cookie = request.headers.get("Cookie");
  // Most requests carry no toast: the session is read only when its cookie is there.
  if (!cookie || parseCookies(cookie).__toast === undefined) return { toast: null, headers: null };
  const session = await storage.getSession(cookie);
  const parsed = toastSchema.safeParse(session.get("toast"));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await storage.destroySession(session) }),
  };
}
