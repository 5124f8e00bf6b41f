// The registry of admin sections (app/lib/admin/sections.ts) against the data model and against
// the section pages. The media library deletes a file only when no row uses it, and it finds the
// rows through the registry's file, URL-list and HTML columns: a column that holds files but is
// missing from the registry would let a file still in use be deleted. So every text and JSON
// column of every table, as the generated client types it, is either a registry column or named
// below as holding no stored file; a column added or renamed in the schema fails here until it is
// placed. And a section's upload fields are its registry entry's: the page must render exactly
// those file inputs, or a file would be refused (a field the rules do not know) or a rule would
// wait for a field no page has.
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma-sqlite/client";
import { db } from "~/lib/db.server";
import { ACTIVITY_SECTIONS, CONTENT_SECTIONS, DASHBOARD_CARDS, type AnyContentSection } from "~/lib/admin/sections";
import { UPLOAD_TARGETS, uploadRules } from "~/lib/media/upload-targets.server";

interface Field {
  name: string;
  typeName: string;
}

/** `db.<delegate>` is the model's name with a lower-case first letter. */
const delegateOf = (model: string) => model[0]!.toLowerCase() + model.slice(1);

/** Every model's scalar fields with their types, as the generated client knows them (`db.<model>.fields`). */
function modelFields(): Map<string, Field[]> {
  const models = new Map<string, Field[]>();
  for (const model of Object.values(Prisma.ModelName)) {
    const delegate = delegateOf(model);
    const refs = (db as unknown as Record<string, { fields: Record<string, Field> }>)[delegate]!.fields;
    models.set(delegate, Object.values(refs));
  }
  return models;
}

/** The types a stored file's URL (or a list of them, or HTML naming them) can be kept in. */
const MAY_HOLD_A_URL = new Set(["String", "Json"]);

/**
 * The text and JSON columns that hold no stored file, table by table, and why. Every other text or
 * JSON column must be a file, URL-list or HTML column of a section in the registry.
 */
const HOLD_NO_FILES: Record<string, { why: string; columns: string[] }> = {
  portfolioItem: { why: "the project's words", columns: ["id", "title", "category", "description", "result"] },
  ledPanel: { why: "the panel's words and figures", columns: ["id", "title", "description", "primaryFlow", "reach", "flow"] },
  windowFilmsProject: { why: "the project's words", columns: ["id", "title", "category", "client", "challenge", "solution", "result"] },
  windowFilmsTestimonial: { why: "the client's name and words", columns: ["id", "clientName", "clientRole", "clientCompany", "testimonial"] },
  clientLogo: { why: "the client's name", columns: ["id", "clientName"] },
  courseTestimonial: { why: "the student's name", columns: ["id", "studentName"] },
  blogPost: {
    why: "the post's plain-text fields (its HTML is the content column)",
    columns: ["id", "title", "slug", "excerpt", "author", "metaDescription", "seoTitle"],
  },
  blogPostRevision: {
    why: "an earlier version of a post (snapshot): a restore writes its files only if they still exist, else keeps the post's current ones",
    columns: ["postId", "actorEmail", "actorName", "kind", "title", "slug", "snapshot"],
  },
  blogSlugRedirect: { why: "a post's former address", columns: ["fromSlug", "postId"] },
  user: { why: "an account", columns: ["id", "email", "name", "passwordHash", "totpSecret", "totpPending", "invitedById"] },
  formDraft: {
    why: "a form kept when its session ended: its typed values, and the names of the files it had chosen (never uploaded, never stored)",
    columns: ["id", "userId", "path", "fields", "files"],
  },
  userRole: { why: "a role", columns: ["userId", "role"] },
  session: { why: "a signed-in browser", columns: ["id", "userId", "userAgent", "addressPrefix"] },
  accountToken: { why: "an invitation or reset link's hash", columns: ["id", "userId", "purpose", "tokenHash"] },
  recoveryCode: { why: "a recovery code's hash", columns: ["id", "userId", "codeHash"] },
  passkey: { why: "a passkey's public credential", columns: ["id", "userId", "credentialId", "publicKey", "transports", "name"] },
  webauthnChallenge: { why: "a passkey ceremony's challenge", columns: ["challenge", "purpose", "userId"] },
  rateLimit: { why: "a counter's key", columns: ["key"] },
  chatConversation: { why: "a chat's messages, shown as text", columns: ["id", "messages"] },
  siteSettings: {
    why: "the agency's contact details and links to other sites (social profiles, the map)",
    columns: [
      "legalName",
      "cnpj",
      "salesPhone",
      "videoPhone",
      "ceoPhone",
      "email",
      "street",
      "city",
      "state",
      "postalCode",
      "mapsUrl",
      "hours",
      "facebookUrl",
      "instagramUrl",
      "instagramCeoUrl",
      "linkedinUrl",
      "tiktokUrl",
      "youtubeUrl",
    ],
  },
  activityEntry: { why: "a line of the activity log, shown as text", columns: ["actorEmail", "section", "action", "targetId", "targetLabel", "summary"] },
  analyticsDaily: { why: "a day's counts", columns: ["day", "metric", "key"] },
  analyticsVisitor: { why: "a visitor's keyed hash of the day", columns: ["day", "hash", "source", "campaign"] },
  mediaFile: { why: "the library's own record of a stored file (its words), not a use of it", columns: ["id", "bucket", "key", "alt", "caption"] },
  backupRun: { why: "a backup's outcome", columns: ["status", "location", "error"] },
  backupLock: { why: "who holds the backup lock", columns: ["holder"] },
  lead: {
    why: "a contact's details, shown as text",
    columns: [
      "id",
      "kind",
      "name",
      "email",
      "phone",
      "company",
      "message",
      "revenue",
      "page",
      "source",
      "medium",
      "campaign",
      "status",
      "ownerId",
      "chatSessionId",
      "heldById",
      "searchText",
    ],
  },
  leadMessage: {
    why: "a chat line's text, shown as text in the admin (never markup, never a stored file)",
    columns: ["leadId", "role", "content", "authorName"],
  },
  leadNote: { why: "a staff note, shown as text", columns: ["leadId", "authorEmail", "kind", "text"] },
};

/** The columns a section lists as holding stored files, by kind. */
function registryColumns(section: AnyContentSection): Array<{ column: string; kind: "file" | "urlList" | "html" }> {
  return [
    ...section.fileColumns.map((column) => ({ column, kind: "file" as const })),
    ...section.urlListColumns.map((column) => ({ column, kind: "urlList" as const })),
    ...section.htmlColumns.map((column) => ({ column, kind: "html" as const })),
  ];
}

/** The section pages, found by the registry's path (`/admin/<key>` is app/routes/admin.<key>.tsx). */
const ROUTES = import.meta.glob<{ default: ComponentType }>("../../app/routes/admin.*.tsx");

/** The names of the file inputs a section's page renders on its "new row" form (`?novo`), without JavaScript. */
async function renderedFileFields(section: AnyContentSection): Promise<string[]> {
  const load = ROUTES[`../../app/routes/admin.${section.key}.tsx`];
  if (!load) throw new Error(`no page for ${section.path}`);
  const page = await load();
  // What the section loaders give a new-row form: no rows (the blog's page adds its saved-post notes).
  const data = { items: [], loadError: null, editing: null, deleting: null, creating: true, saved: null, sanitized: [] };
  const Stub = createRoutesStub([{ id: "page", path: section.path, Component: page.default, loader: () => data }]);
  const html = renderToString(createElement(Stub, { initialEntries: [`${section.path}?novo`], hydrationData: { loaderData: { page: data } } }));
  return [...html.matchAll(/<input\b[^>]*\btype="file"[^>]*>/g)].map((input) => /\bname="([^"]+)"/.exec(input[0])?.[1] ?? "(no name)").sort();
}

describe("the registry of admin sections", () => {
  const models = modelFields();

  it("accounts for every text and JSON column of every table: a section's file, URL-list or HTML column, or one named here as holding no stored file", () => {
    const listed = new Set(CONTENT_SECTIONS.flatMap((s) => registryColumns(s).map(({ column }) => `${s.model}.${column}`)));
    const unplaced: string[] = [];
    for (const [model, fields] of models) {
      for (const field of fields) {
        const id = `${model}.${field.name}`;
        if (!MAY_HOLD_A_URL.has(field.typeName)) continue;
        const noFiles = HOLD_NO_FILES[model]?.columns.includes(field.name) ?? false;
        if (listed.has(id) === noFiles) unplaced.push(`${id} (${field.typeName})${noFiles ? ": both in the registry and named as holding no file" : ""}`);
      }
    }
    expect(unplaced, "list each in app/lib/admin/sections.ts (a section's files, URL lists or HTML), or in HOLD_NO_FILES here with why").toEqual([]);
  });

  it("names only columns that exist, with the right type (text for files, labels and HTML, JSON for URL lists, a number to order by)", () => {
    const typeOf = (model: string, column: string) => models.get(model)?.find((field) => field.name === column)?.typeName;
    const wrong: string[] = [];
    const expectType = (model: string, column: string, type: string) => {
      if (typeOf(model, column) !== type) wrong.push(`${model}.${column}: ${typeOf(model, column) ?? "no such column"}, not ${type}`);
    };
    for (const section of CONTENT_SECTIONS) {
      for (const { column, kind } of registryColumns(section)) expectType(section.model, column, kind === "urlList" ? "Json" : "String");
      expectType(section.model, section.labelColumn, "String");
      if (section.orderColumn) expectType(section.model, section.orderColumn, "Int");
    }
    for (const [model, { columns }] of Object.entries(HOLD_NO_FILES))
      for (const column of columns) if (!typeOf(model, column)) wrong.push(`${model}.${column}: no such column`);
    expect(wrong).toEqual([]);
  });

  it("derives the upload rules from the registry: each upload field fills one of its section's file columns, and the library's own fields fill none", () => {
    for (const section of CONTENT_SECTIONS) {
      const rules = uploadRules(section);
      for (const [field, rule] of Object.entries(rules)) {
        expect(section.fileColumns, `${section.key}.${field}`).toContain(rule.column);
        expect(UPLOAD_TARGETS[section.key]?.[field], `${section.key}.${field}`).toEqual(rule);
      }
    }
    const sections = new Set<string>(CONTENT_SECTIONS.map((s) => s.key));
    expect(Object.keys(UPLOAD_TARGETS).filter((key) => !sections.has(key))).toEqual(["midia"]);
    for (const rule of Object.values(UPLOAD_TARGETS.midia!)) expect(rule.column).toBeUndefined();
  });

  // The pages are imported here, inside the test (found by the registry's paths), so their first
  // transform counts against its time: on a loaded machine that alone can pass vitest's 5 s.
  it("renders on each section's page exactly the upload fields of its registry entry", { timeout: 60_000 }, async () => {
    const differing: string[] = [];
    for (const section of CONTENT_SECTIONS) {
      const rendered = await renderedFileFields(section);
      const registered = Object.keys(uploadRules(section)).sort();
      if (rendered.join() !== registered.join())
        differing.push(`${section.path}: the page has [${rendered.join(", ")}], the registry [${registered.join(", ")}]`);
    }
    expect(differing).toEqual([]);
  });

  it("names the order column the same in every table that has one", () => {
    const names = new Set(CONTENT_SECTIONS.flatMap((s) => (s.orderColumn ? [s.orderColumn] : [])));
    expect([...names]).toEqual(["orderIndex"]);
  });

  it("gives every section one key and one page, shown on the dashboard and in the activity log", () => {
    const keys = CONTENT_SECTIONS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const section of CONTENT_SECTIONS) {
      expect(section.path).toBe(`/admin/${section.key}`);
      expect(DASHBOARD_CARDS.find((card) => card.path === section.path)?.counts).toBe(section.model);
      expect((ACTIVITY_SECTIONS as Record<string, string>)[section.key]).toBe(section.title);
    }
  });
});
