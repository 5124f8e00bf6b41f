// The one guard of the back office: the admin layout's middleware (app/routes/admin.tsx) runs it
// before every loader and action of every admin route, for page loads and for the data requests
// (/admin/x.data) the browser makes with JavaScript alike. An anonymous visitor is redirected to
// the login with the page asked for; a session without a role on the team is revoked and refused;
// a role that may not open the route (app/lib/admin/permissions.ts) gets a 403 page; and while the
// team must use two-factor sign-in, someone without a second factor is sent to set it up.
// Routes read the person it let through from the context instead of checking again.
import { parse as parseCookies } from "cookie-es";
import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { addLogFields, errorFields, log } from "../logger.server.ts";
import { bumpContentVersion } from "../content-version.server";
import { isDataUrl, pageUrl } from "../data-url";
import { keepPostedForm, takeDraft, type RestoredDraft } from "../form-drafts.server";
import { requestInfo } from "../request-info.server";
import { requireAdmin, type SessionUser } from "../session.server";
import { redirectWithToast } from "../toast.server";
import { FORBIDDEN, mayOpen } from "./permissions";
import { hasSecondFactor, twoFactorRequired } from "./two-factor-policy.server";

const adminUserContext = createContext<SessionUser | null>(null);

/**
 * Admin answers are kept by no cache, the browser's or anyone's: `Cache-Control: no-store` on
 * pages, their `.data` answers, redirects and error pages alike. Set here, by the routes the
 * router matched, rather than by the server guessing from the URL: the router matches any
 * spelling it accepts (`/ADMIN/...`, `/%61dmin/...`) and the header goes with whatever it matched.
 * The admin layout and every admin route outside it (sign-in, sign-out, the blog preview) run it.
 */
const adminNoStore: MiddlewareFunction<Response> = async (_args, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (thrown) {
    if (thrown instanceof Response) thrown.headers.set("Cache-Control", "no-store");
    throw thrown;
  }
  response.headers.set("Cache-Control", "no-store");
  return response;
};

/**
 * Every admin write expires every cached public page, on every instance: after any POST (or other
 * write) under the admin layout that the action did not refuse, the content version is bumped.
 * Done here, where every admin action passes, so a new section or a new write cannot forget it; a
 * write that changed nothing only costs the pages one render each. A refusal (an answer of 400 or
 * more) wrote nothing and bumps nothing; an action that threw may have written part, so it bumps.
 * A failed bump is logged, not reported as a failed save: the row is already written, and the
 * admin would save again (and, when creating, get the row twice); the next bump refreshes the pages.
 */
export const adminWritesRefreshPages: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  let response: Response;
  try {
    response = await next();
  } catch (thrown) {
    await refreshPages();
    throw thrown;
  }
  if (response.status < 400) await refreshPages();
  return response;
};

async function refreshPages() {
  await bumpContentVersion().catch((error: unknown) => log("error", "content version bump failed", errorFields(error)));
}

/**
 * The page where a second factor is set up ("Minha conta": the authenticator app, and the passkeys
 * through its routes below it): all that is open to someone who must set one up.
 */
const SECOND_FACTOR_SETUP = "/admin/conta";

export const adminGuard: MiddlewareFunction<Response> = async ({ request, context, pattern }) => {
  const page = pageRequest(request);
  let user: SessionUser;
  try {
    user = await requireAdmin(page);
  } catch (thrown) {
    throw await keepingTheForm(request, thrown, requestInfo(context).ip);
  }
  // A failure logged later in this request names the admin route and who was using it.
  addLogFields({ route: new URL(page.url).pathname, userId: user.id });
  // The route the router matched (its pattern, /admin/contatos/:id), so the rule is the one of the
  // route that will run, however the address was spelled; the path itself where no router ran
  // (route tests call the middleware directly). Either way a path without a rule is for administrators.
  // React Router joins its routes' paths without a leading slash ("admin/contatos/:id").
  const route = pattern ? `/${pattern.replace(/^\/+/, "")}` : new URL(page.url).pathname;
  if (!mayOpen(user.role, route)) {
    log("warn", "admin route refused to the role", { role: user.role });
    throw data(FORBIDDEN, { status: 403, statusText: "Forbidden" });
  }
  if (!matchesSetup(route)) {
    if ((await twoFactorRequired()) && !(await hasSecondFactor(user.id))) {
      throw await redirectWithToast(SECOND_FACTOR_SETUP, {
        type: "error",
        title: "Verificação em duas etapas obrigatória",
        description: "A equipe usa verificação em duas etapas. Ative-a aqui para continuar usando o painel.",
      });
    }
  }
  context.set(adminUserContext, user);
};

/** Whether `route` is the second factor's setup page or one of its routes (its pattern, or any spelling of its path). */
function matchesSetup(route: string): boolean {
  const path = route.replace(/\/+$/, "").toLowerCase();
  return path === SECOND_FACTOR_SETUP || path.startsWith(`${SECOND_FACTOR_SETUP}/`);
}

/**
 * The signed-in admin area's policy, in order: never stored, an admin session demanded (and a
 * posted form kept across the sign-in), public pages refreshed after every write. Run by the admin
 * layout (app/routes/admin.tsx) for every route under it, and by the blog preview, which sits
 * outside the layout for a page of its own. No admin route checks the session by hand.
 */
export const adminArea: MiddlewareFunction<Response>[] = [adminNoStore, adminGuard, adminWritesRefreshPages];

/**
 * The doors into the admin area (sign-in, its second step, an invitation, a password reset and
 * the sign-out): open to anyone, since they are how one gets in, and never stored.
 */
export const adminDoors: MiddlewareFunction<Response>[] = [adminNoStore];

/**
 * A save that finds the session ended (signed out in another tab, idle too long) keeps what was
 * posted for the sign-in the guard sends it to (app/lib/form-drafts.server.ts): the redirect to
 * the sign-in carries the cookie that names it. Anything else the guard threw goes on as it is.
 */
async function keepingTheForm(request: Request, thrown: unknown, address: string): Promise<unknown> {
  if (request.method !== "POST" || !(thrown instanceof Response)) return thrown;
  const location = thrown.headers.get("Location");
  const back = location?.startsWith("/admin/login?") ? new URLSearchParams(location.slice(location.indexOf("?"))).get("redirectTo") : null;
  if (!back) return thrown;
  const cookie = await keepPostedForm(request, back, address);
  if (cookie) thrown.headers.append("Set-Cookie", cookie);
  return thrown;
}

/**
 * The request as the page it is for. Middleware sees a data request's own URL
 * (/admin/blog.data?_routes=...), and the login must send the admin back to the page
 * (/admin/blog), never to its data. Only the URL, method and cookies matter to the guard.
 */
function pageRequest(request: Request): Request {
  const url = new URL(request.url);
  if (!isDataUrl(url)) return request;
  return new Request(pageUrl(url), { method: request.method, headers: request.headers });
}

/** The admin the guard let through; only routes under the admin layout may ask. */
export function adminUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(adminUserContext);
  if (!user) throw new Error("adminUser: this route is not under the admin layout's guard");
  return user;
}

/**
 * The form draft this browser kept for the admin page `request` is for (see keepingTheForm), handed
 * back once: the page's form shows it after the sign-in.
 */
export async function restoredDraftFor(request: Request, userId: string): Promise<RestoredDraft | null> {
  const cookie = request.headers.get("Cookie");
  if (!cookie || parseCookies(cookie).__admin_draft === undefined) return null;
  const url = pageUrl(new URL(request.url));
  return takeDraft(request, userId, `${url.pathname}${url.search}`);
}
