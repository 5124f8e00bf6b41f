// The bad-input suite: random, malformed, oversized, wrong-type and Unicode-heavy
// fields, missing and duplicated fields, broken multipart and JSON bodies, sent to every action
// and every loader of every route module, signed in as an admin and not. No answer may be a
// 5xx (or a thrown error), no invalid row may be written, and refusals speak Portuguese.
// FUZZ_RUNS sets the total number of inputs (default 12,000).
import fc from "fast-check";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { db } from "~/lib/db.server";
import { createUserSession } from "~/lib/session.server";
import { requestInfoContext } from "~/lib/request-info.server";
import { ORIGIN } from "../helpers/request";
import { underAdminLayout } from "../routes/admin-fixtures";

type RouteModule = {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
};

const modules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}", { eager: true });
const routes = Object.entries(modules).map(([file, mod]) => ({ name: file.replace(/^.*\/routes\//, ""), mod }));

const TOTAL = Number(process.env.FUZZ_RUNS || 12_000);
// Sign-in hashes a password per attempt (bcrypt): far fewer runs there keep the suite quick.
const SLOW = new Set(["admin_.login.tsx"]);

const FIELD_NAMES = [
  "title",
  "category",
  "description",
  "result",
  "images",
  "videos",
  "cover_image",
  "primary_flow",
  "reach",
  "flow",
  "photo",
  "client",
  "challenge",
  "solution",
  "order_index",
  "client_name",
  "client_role",
  "client_company",
  "client_photo",
  "rating",
  "testimonial",
  "video_url",
  "logo_url",
  "student_name",
  "display_order",
  "slug",
  "excerpt",
  "content",
  "author",
  "is_published",
  "publication",
  "published_at",
  "seo_title",
  "email",
  "password",
  "name",
  "phone",
  "company",
  "message",
  "revenue",
  "consent",
  "choice",
  "redirectTo",
  "intent",
  "id",
  "website_url",
  "file",
  "meta_description",
  "social_image_url",
];
const INTENTS = ["delete", "create", "update", "save", "accept", "reject", "", "DELETE", "\u0000"];
const ENGLISH = /\b(Invalid input|Required|Expected [a-z]|must be|is required|Unexpected token|undefined|NaN|null)\b/;

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "\uFEFF",
      "<script>alert(1)</script>",
      "javascript:alert(1)",
      "../../etc/passwd",
      "%2e%2e%2f",
      "-1",
      "1e309",
      "9999999999999999999999",
      "true",
      "NaN",
      "{}",
      "[]",
      "Olá, ação! 🇧🇷",
      "https://exemplo.com.br/x.mp4",
    ),
  },
  { weight: 1, arbitrary: fc.nat({ max: 30_000 }).map((n) => "ç".repeat(n)) },
);
const field = fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), text);
const fileField = fc.record({
  name: fc.constantFrom("photo", "cover_image", "social_image", "logo", "logo_file", "video", "file", "cover"),
  bytes: fc.oneof(
    fc.uint8Array({ maxLength: 2048 }),
    fc.constantFrom(
      new TextEncoder().encode("<html><script>alert(1)</script></html>"),
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x3c, 0x68, 0x74, 0x6d, 0x6c]),
      new Uint8Array(0),
    ),
  ),
  filename: fc.oneof(fc.constantFrom("a.png", "x.svg", "../../evil.png", "video.mp4", "", "semextensao", "a.php.png"), fc.string({ maxLength: 20 })),
  type: fc.constantFrom("image/png", "image/jpeg", "image/svg+xml", "video/mp4", "text/html", "application/octet-stream", ""),
});

const body = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("form" as const),
      fields: fc.array(fc.oneof(field, fc.tuple(fc.constant("intent"), fc.constantFrom(...INTENTS))), { maxLength: 14 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("multipart" as const), fields: fc.array(field, { maxLength: 10 }), files: fc.array(fileField, { maxLength: 3 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("broken-multipart" as const),
      raw: fc.string({ unit: "binary", maxLength: 300 }),
      boundary: fc.constantFrom("x", "", "----b", '"q"'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("json" as const), raw: fc.oneof(fc.json(), fc.string({ maxLength: 80 })) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("wrong-type" as const),
      raw: fc.string({ maxLength: 80 }),
      type: fc.constantFrom("text/plain", "application/xml", "application/x-www-form-urlencoded; charset=utf-16", ""),
    }),
  },
);

const searchParams = fc.array(fc.tuple(fc.constantFrom("categoria", "midia", "editar", "excluir", "novo", "src", "w", "redirectTo", "q", "page", "id"), text), {
  maxLength: 4,
});

let adminCookie = "";
let counted = 0;
let messagesChecked = 0;
const failures: string[] = [];

type BodyInput = typeof body extends fc.Arbitrary<infer T> ? T : never;

function makeRequest(path: string, input: BodyInput, signedIn: boolean, method = "POST"): Request {
  const headers = new Headers({ Origin: ORIGIN });
  if (signedIn) headers.set("Cookie", adminCookie);
  let payload: BodyInit | undefined;
  switch (input.kind) {
    case "form": {
      const params = new URLSearchParams();
      for (const [k, v] of input.fields) params.append(k, v);
      payload = params;
      break;
    }
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of input.fields) form.append(k, v);
      for (const f of input.files) form.append(f.name, new Blob([f.bytes], { type: f.type }), f.filename);
      payload = form;
      break;
    }
    case "broken-multipart":
      headers.set("Content-Type", `multipart/form-data; boundary=${input.boundary}`);
      payload = input.raw;
      break;
    case "json":
      headers.set("Content-Type", "application/json");
      payload = typeof input.raw === "string" ? input.raw : JSON.stringify(input.raw);
      break;
    case "wrong-type":
      if (input.type) headers.set("Content-Type", input.type);
      payload = input.raw;
      break;
  }
  return new Request(`${ORIGIN}${path}`, { method, headers, body: payload });
}

function context() {
  const ctx = new RouterContextProvider();
  ctx.set(requestInfoContext, { ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, requestId: "fuzz" });
  return ctx;
}

/** The status a loader or action answered, whether it returned or threw. */
async function statusOf(run: () => unknown): Promise<{ status: number; payload: string }> {
  try {
    const out = await run();
    return describeOutcome(out);
  } catch (thrown) {
    if (thrown instanceof Response) return describeOutcome(thrown);
    if (thrown && typeof thrown === "object" && "init" in thrown) return describeOutcome(thrown);
    return { status: 599, payload: String((thrown as Error)?.stack ?? thrown) };
  }
}

async function describeOutcome(out: unknown): Promise<{ status: number; payload: string }> {
  if (out instanceof Response) {
    const type = out.headers.get("Content-Type") ?? "";
    const payload = type.includes("json") || type.startsWith("text/plain") ? await out.clone().text() : "";
    return { status: out.status, payload };
  }
  if (out && typeof out === "object" && (out as { type?: string }).type === "DataWithResponseInit") {
    const d = out as { data: unknown; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, payload: JSON.stringify(d.data ?? null) };
  }
  return { status: 200, payload: "" };
}

/** Messages meant for people in a payload: error strings, field errors and toasts (not echoed values). */
function messagesIn(payload: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown, key: string) => {
    if (typeof value === "string") {
      if (key === "error" || key === "toast") found.push(value);
    } else if (Array.isArray(value)) {
      if (key === "error") found.push(...value.map(String));
      else value.forEach((item) => visit(item, ""));
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (key === "error" && Array.isArray(v)) found.push(...v.map(String));
        else if (key === "toast" && (k === "title" || k === "description") && typeof v === "string") found.push(v);
        else if (k !== "initialValue") visit(v, k);
      }
    }
  };
  try {
    visit(JSON.parse(payload), "");
  } catch {
    if (payload) found.push(payload);
  }
  return found;
}

function check(label: string, outcome: { status: number; payload: string }) {
  counted++;
  if (outcome.status >= 500) failures.push(`${label} → ${outcome.status} ${outcome.payload.slice(0, 400)}`);
  else if (outcome.status >= 400) {
    const messages = messagesIn(outcome.payload);
    messagesChecked += messages.length;
    const english = messages.find((m) => ENGLISH.test(m));
    if (english) failures.push(`${label} → ${outcome.status} non-Portuguese message: ${english.slice(0, 200)}`);
  }
}

beforeAll(async () => {
  const user = await db.user.create({
    data: { email: "fuzz-admin@winddigital.com.br", passwordHash: await bcrypt.hash("fuzz-admin-123", 4), roles: { create: { role: "admin" } } },
  });
  const setCookie = await createUserSession(user.id);
  adminCookie = setCookie.split(";")[0]!;
});

afterAll(() => {
  console.log(`bad-input suite: ${counted} inputs tried, ${messagesChecked} refusal messages checked, ${failures.length} failures`);
});

// Routes under the admin layout run behind its middleware (the admin guard), as on the server.
const asServed = (name: string, fn: (args: unknown) => unknown) => (name.startsWith("admin.") ? underAdminLayout(fn as never) : fn);
const handlers = routes.flatMap(({ name, mod }) => [
  ...(mod.action ? [{ name, kind: "action" as const, fn: asServed(name, mod.action) }] : []),
  ...(mod.loader ? [{ name, kind: "loader" as const, fn: asServed(name, mod.loader) }] : []),
]);
// Each handler's share of the inputs: loaders are cheaper to vary than actions, sign-in is slow.
const shareOf = (h: (typeof handlers)[number]) => (h.kind === "loader" ? 1 / 3 : 1) * (SLOW.has(h.name) ? 0.1 : 1);
const totalShare = handlers.reduce((sum, h) => sum + shareOf(h), 0);

function pathFor(name: string, params: Record<string, string>): string {
  const base = name.replace(/\.tsx?$/, "").replace(/\[\.\]/g, ".");
  const segments = base
    .split(".")
    .filter((s) => s !== "_site" && s !== "_index" && !s.startsWith("_"))
    .map((s) => s.replace(/_$/, ""))
    .map((s) => (s === "$" ? (params["*"] ?? "x") : s.startsWith("$") ? (params[s.slice(1)] ?? "x") : s));
  return `/${segments.join("/")}`;
}

const paramValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom("..%2f..%2fetc%2fpasswd", "../../etc/passwd", "portfolio-media/../../x", "blog-media/a.png", "%00", "post-inexistente"),
);

describe("bad input never breaks the server", () => {
  for (const handler of handlers) {
    const runs = Math.max(20, Math.round((TOTAL * shareOf(handler)) / totalShare));
    it(`${handler.kind} of ${handler.name} (${runs} inputs)`, async () => {
      const before = failures.length;
      if (handler.kind === "action") {
        await fc.assert(
          fc.asyncProperty(
            body,
            fc.boolean(),
            paramValue,
            fc.constantFrom("POST", "POST", "POST", "PUT", "DELETE", "PATCH"),
            async (input, signedIn, param, method) => {
              const params = { "*": param, slug: param, id: param };
              const request = makeRequest(pathFor(handler.name, params), input, signedIn, method);
              check(`${method} ${handler.name} ${input.kind} signedIn=${signedIn}`, await statusOf(() => handler.fn({ request, params, context: context() })));
            },
          ),
          { numRuns: runs },
        );
      } else {
        await fc.assert(
          fc.asyncProperty(searchParams, fc.boolean(), paramValue, async (query, signedIn, param) => {
            const params = { "*": param, slug: param, id: param };
            const url = new URL(`${ORIGIN}${pathFor(handler.name, params)}`);
            for (const [k, v] of query) url.searchParams.append(k, v);
            const request = new Request(url, { headers: signedIn ? { Cookie: adminCookie } : {} });
            check(`GET ${handler.name} ?${url.searchParams} signedIn=${signedIn}`, await statusOf(() => handler.fn({ request, params, context: context() })));
          }),
          { numRuns: runs },
        );
      }
      expect(failures.slice(before)).toEqual([]);
    });
  }

  it("tried at least 10,000 inputs in CI and read the refusals' messages", () => {
    if (process.env.CI) expect(counted).toBeGreaterThanOrEqual(10_000);
    expect(messagesChecked).toBeGreaterThan(0);
  });

  it("wrote no invalid row", async () => {
    const nonEmpty = (s: string | null | undefined) => typeof s === "string" && s.trim().length > 0;
    for (const p of await db.portfolioItem.findMany())
      expect(
        nonEmpty(p.title) && nonEmpty(p.description) && nonEmpty(p.result) && ["IA", "Social Media", "Sites", "Vídeos", "Tráfego"].includes(p.category),
        JSON.stringify(p),
      ).toBe(true);
    for (const p of await db.ledPanel.findMany())
      expect([p.title, p.primaryFlow, p.reach, p.flow, p.description].every(nonEmpty), JSON.stringify(p)).toBe(true);
    for (const p of await db.windowFilmsProject.findMany())
      expect(nonEmpty(p.title) && ["Corporativo", "Comercial", "Eventos", "Edição"].includes(p.category), JSON.stringify(p)).toBe(true);
    for (const t of await db.windowFilmsTestimonial.findMany())
      expect(nonEmpty(t.clientName) && nonEmpty(t.testimonial) && t.rating >= 1 && t.rating <= 5, JSON.stringify(t)).toBe(true);
    for (const l of await db.clientLogo.findMany()) expect(nonEmpty(l.clientName) && nonEmpty(l.logoUrl), JSON.stringify(l)).toBe(true);
    for (const c of await db.courseTestimonial.findMany()) expect(nonEmpty(c.studentName) && nonEmpty(c.videoUrl), JSON.stringify(c)).toBe(true);
    for (const b of await db.blogPost.findMany())
      expect([b.title, b.slug, b.coverImage, b.excerpt, b.content].every(nonEmpty) && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(b.slug), JSON.stringify(b)).toBe(true);
  });
});
