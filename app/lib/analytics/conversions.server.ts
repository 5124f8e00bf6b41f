// The conversions the site reports or handles itself: a WhatsApp link's click (its `ping`, or a
// beacon when JavaScript runs), a form that opened WhatsApp (posted to the server without
// JavaScript, reported by a beacon with it). Bots and the staff's own admin sessions are not
// counted, as for page views.
import { parse as parseCookies } from "cookie-es";
import { isbot } from "isbot";
import type { RouterContextProvider } from "react-router";
import { publicPaths } from "~/content/navigation";
import { publicPostWhere } from "~/lib/blog/schedule.server";
import { db } from "~/lib/db.server";
import { hit } from "~/lib/rate-limit.server";
import { requestInfo } from "~/lib/request-info.server";
import { getSiteSettings } from "~/lib/site-settings.server";
import { FORMS, WHATSAPP_BUTTONS, type FormId } from "./labels";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { ADMIN_COOKIES, analyticsEnabled, countConversion, countedPath, countVitals, countWhatsAppClick, deviceOf, type Visitor } from "./counter.server";
import { MAX_VALUE, VITALS, type Vital } from "./vitals";

/** Reports one address may send per minute: far above a person's clicks, far below a flood's. */
const REPORTS_PER_MINUTE = 30;

/** The visitor behind a request, or null when it must not be counted (off, a bot, an admin). */
function countedVisitor(request: Request, context: Readonly<RouterContextProvider>): Visitor | null {
  if (!analyticsEnabled) return null;
  const userAgent = request.headers.get("user-agent");
  if (!userAgent || isbot(userAgent)) return null;
  const cookie = request.headers.get("cookie");
  const cookies = cookie ? parseCookies(cookie) : null;
  if (cookies && ADMIN_COOKIES.some((name) => cookies[name] !== undefined)) return null;
  return { address: requestInfo(context).ip, userAgent };
}

/** A page path as the links send it (in its counted spelling), or "" for anything else. */
function pagePath(value: string | null): string {
  return value && value.startsWith("/") && !value.startsWith("//") && value.length <= 300 ? countedPath(value.split("?", 1)[0]!) : "";
}

/** The page the report came from by its Referer (same site only), for links that do not say. */
function refererPath(request: Request): string {
  const referer = request.headers.get("referer");
  if (!referer || !URL.canParse(referer)) return "";
  const from = new URL(referer);
  return from.host === new URL(request.url).host ? pagePath(from.pathname) : "";
}

const PUBLIC_PATHS = new Set<string>(publicPaths);

/**
 * The page a click is credited to when it is one of the site's (a fixed page, or a post public
 * now), or "": anyone can send any `pagina`, and a made-up one must not become a row.
 */
async function sitePage(path: string): Promise<string> {
  if (!path) return "";
  if (PUBLIC_PATHS.has(path)) return path;
  const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  if (!slug) return "";
  const post = await db.blogPost.findFirst({ where: { slug, ...publicPostWhere() }, select: { id: true } });
  return post ? path : "";
}

/** A form sent through the server (no JavaScript): the form, and the WhatsApp chat it opens. */
export async function countFormSent(request: Request, context: Readonly<RouterContextProvider>, form: FormId, salesPhone: string): Promise<void> {
  const visitor = countedVisitor(request, context);
  if (!visitor) return;
  countConversion("formulario", form);
  await countWhatsAppClick(visitor, `formulario:${salesPhone.replace(/\D/g, "")}`, countedPath(new URL(request.url).pathname));
}

/**
 * The reporting endpoint (POST /api/estatisticas?evento=...): a WhatsApp click
 * (`botao`, `numero`, `pagina`) or a form sent with JavaScript (`formulario`, `pagina`). Only known
 * buttons, forms and the site's own WhatsApp numbers are counted, so nobody can fill the insights
 * with made-up keys; the answer is 204 whatever was counted, 429 past the per-address limit.
 */
export async function handleReport(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  const noContent = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  const visitor = countedVisitor(request, context);
  if (!visitor) return noContent();
  // A page view's Core Web Vitals: checked and limited in memory, before anything reads the database.
  if (new URL(request.url).searchParams.get("evento") === "vitais") return handleVitals(request, visitor);
  const limit = await hit(`insights:${visitor.address}`, REPORTS_PER_MINUTE, 60_000);
  if (!limit.allowed) return new Response(null, { status: 429, headers: { "Retry-After": String(limit.retryAfter), "Cache-Control": "no-store" } });

  const params = new URL(request.url).searchParams;
  const page = await sitePage(pagePath(params.get("pagina")) || refererPath(request));
  const settings = await getSiteSettings();
  if (params.get("evento") === "whatsapp") {
    const button = params.get("botao") ?? "";
    const number = (params.get("numero") ?? "").replace(/\D/g, "");
    const numbers = [settings.salesPhone, settings.videoPhone, settings.ceoPhone].map((phone) => phone.replace(/\D/g, ""));
    // Own keys only: `botao=constructor` is "in" every object, through its prototype.
    if (Object.hasOwn(WHATSAPP_BUTTONS, button) && numbers.includes(number)) await countWhatsAppClick(visitor, `${button}:${number}`, page);
  } else if (params.get("evento") === "formulario") {
    const form = params.get("formulario") ?? "";
    if (Object.hasOwn(FORMS, form)) {
      countConversion("formulario", form);
      await countWhatsAppClick(visitor, `formulario:${settings.salesPhone.replace(/\D/g, "")}`, page);
    }
  }
  return noContent();
}

/** The largest beacon of Core Web Vitals read: five numbers and a path are far less. */
const MAX_VITALS_BYTES = 1024;
/** Vitals beacons one address may send per minute: one per page view, far above a person's. */
const VITALS_PER_MINUTE = 60;

const vitalsSchema = z.strictObject({
  pagina: z.string().max(300),
  ...(Object.fromEntries(VITALS.map((vital) => [vital, z.number().finite().min(0).max(MAX_VALUE[vital]).optional()])) as Record<
    Vital,
    z.ZodOptional<z.ZodNumber>
  >),
});

/** Per address, this minute's vitals beacons (memory only: a flood costs no database work). */
const vitalsLoad = new LRUCache<string, { minute: number; count: number }>({ max: 20_000 });

/**
 * One page view's Core Web Vitals, sent once by the page (app/lib/analytics/vitals-client.ts) as
 * JSON: `{"pagina": "/servicos", "lcp": 1234, "cls": 0.02, ...}`. A beacon that is too big, not
 * JSON, of the wrong types, with values no page view has, or about a page the site does not have
 * is refused (400) before anything reads the database; past VITALS_PER_MINUTE an address gets 429.
 */
async function handleVitals(request: Request, visitor: Visitor): Promise<Response> {
  const headers = { "Cache-Control": "no-store" };
  const refuse = (message: string, status = 400) => new Response(message, { status, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  const text = await request.text();
  if (text.length > MAX_VITALS_BYTES) return refuse("Medidas grandes demais.", 413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse("Medidas inválidas.");
  }
  const parsed = vitalsSchema.safeParse(body);
  if (!parsed.success) return refuse("Medidas inválidas.");
  const device = deviceOf(visitor.userAgent);
  if (!device) return new Response(null, { status: 204, headers });
  const minute = Math.floor(Date.now() / 60_000);
  const load = vitalsLoad.get(visitor.address);
  if (!load || load.minute !== minute) vitalsLoad.set(visitor.address, { minute, count: 1 });
  else if (++load.count > VITALS_PER_MINUTE) return new Response(null, { status: 429, headers: { ...headers, "Retry-After": "60" } });
  const { pagina, ...values } = parsed.data;
  const page = await sitePage(pagePath(pagina));
  if (!page) return refuse("Página desconhecida.");
  countVitals(page, device, values);
  return new Response(null, { status: 204, headers });
}
