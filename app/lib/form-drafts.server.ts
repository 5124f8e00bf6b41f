// What an admin form posted when its session had ended (signed out in another tab, idle too long):
// kept on the server for the sign-in that follows, so nothing typed is lost, with or without
// JavaScript. The admin guard keeps it instead of dropping the post; the sign-in page says why it
// appeared; signing in ties it to that account; the form's page, opened again after the sign-in,
// shows what was typed (the person checks it and saves it: a stale post is never saved by itself);
// then it is deleted.
//
// Nobody else can read it: the browser holds a random id (256 bits, in a signed, HttpOnly cookie
// scoped to /admin that lasts an hour) and the table keeps only its SHA-256; the first account to
// sign in with that browser claims it, and only that account, in that browser, gets it back. A
// draft lives an hour at most. Only the text fields are kept: a file chosen in a form cannot be
// kept for later (the browser would have to send it again), so its name is kept to say so. Only
// the section forms' saves are kept (posts without an `intent`, and the library picker's steps);
// account forms (passwords, codes) always carry an intent and are never kept.
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import busboy from "busboy";
import { createCookie } from "react-router";
import { db } from "./db.server";
import { env } from "./env.server";
import { errorFields, log } from "./logger.server.ts";
import { hit } from "./rate-limit.server";

const DRAFT_MS = 60 * 60 * 1000;
/** Generous for a blog post's HTML, small enough that no form can fill the table. */
const MAX_FIELD_BYTES = 2 * 1024 * 1024;
const MAX_FIELDS = 500;
/** A whole draft (every field together); a larger post is not kept. */
const MAX_DRAFT_BYTES = 4 * 1024 * 1024;
/**
 * Drafts kept per visitor's address and hour. Anyone can post to an admin page without a session,
 * so without a bound a stranger could fill the table: a person whose session ended saves a few
 * times at most before signing in again.
 */
const MAX_DRAFTS_PER_ADDRESS = 10;

const draftCookie = createCookie("__admin_draft", {
  path: "/admin",
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  secrets: env.SESSION_SECRET.split(","),
  maxAge: DRAFT_MS / 1000,
});

/**
 * One spelling of a page's address, whichever way it was reached (`?novo` and `?novo=`, the order
 * of the query, React Router's `index` mark), so the draft kept for it is found again.
 */
function draftPath(address: string): string {
  const url = new URL(address, "http://x");
  url.searchParams.delete("index");
  url.searchParams.sort();
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

const rowId = (id: string) => createHash("sha256").update(id).digest("base64url");

async function draftIdFrom(request: Request): Promise<string | null> {
  const value: unknown = await draftCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

interface PostedForm {
  fields: [string, string][];
  /** Names of the files chosen in the form (not kept). */
  files: string[];
}

/**
 * The upload route takes a form's files ahead of its save (with JavaScript): no form to come back
 * to, and the form itself, still open, tells that the session ended (media-upload.tsx).
 */
const UPLOAD_ROUTE = /^\/admin\/midia\/enviar(?:[?]|$)/;

/** Whether a post is a section form's save (or a step of its library picker) rather than an account or list action. */
function isFormSave(fields: [string, string][]): boolean {
  const intent = fields.find(([name]) => name === "intent")?.[1];
  return intent === undefined || intent.startsWith("biblioteca:") || intent.startsWith("escolhido:");
}

/** The text fields and file names of a posted form, files skipped as they stream by; null when it is no readable form. */
async function readPosted(request: Request): Promise<PostedForm | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const form = await request.formData().catch(() => null);
    return form ? { fields: [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"), files: [] } : null;
  }
  if (!type.startsWith("multipart/form-data") || !request.body) return null;
  return new Promise((resolve) => {
    const posted: PostedForm = { fields: [], files: [] };
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: Object.fromEntries(request.headers), defParamCharset: "utf8", limits: { fieldSize: MAX_FIELD_BYTES, fields: MAX_FIELDS } });
    } catch {
      resolve(null);
      return;
    }
    parser.on("field", (name, value) => {
      if (name) posted.fields.push([name, value]);
    });
    parser.on("file", (_name, stream, info) => {
      // An empty file input posts a part with no name and no bytes: nothing was chosen.
      if (info.filename) posted.files.push(info.filename);
      stream.resume();
    });
    parser.on("close", () => resolve(posted));
    parser.on("error", () => resolve(null));
    Readable.fromWeb(request.body as import("node:stream/web").ReadableStream)
      .on("error", () => resolve(null))
      .pipe(parser);
  });
}

/**
 * Keeps what `request` (a post that found no session) carried for the form at `path`, the page the
 * sign-in leads back to; returns the Set-Cookie value naming it, or null when there was nothing to
 * keep (not a form's save, not a readable form). Never fails the request: at worst nothing is kept.
 */
export async function keepPostedForm(request: Request, path: string, address: string): Promise<string | null> {
  if (UPLOAD_ROUTE.test(path)) return null;
  try {
    const posted = await readPosted(request);
    if (!posted || !isFormSave(posted.fields)) return null;
    const fields = posted.fields.filter(([name]) => name !== "intent");
    const bytes = fields.reduce((total, [name, value]) => total + name.length + value.length, 0);
    if (bytes > MAX_DRAFT_BYTES) return null;
    if (!(await hit(`form-draft:${address}`, MAX_DRAFTS_PER_ADDRESS, DRAFT_MS)).allowed) return null;
    const id = randomBytes(32).toString("base64url");
    const now = new Date();
    // One draft per browser: the one it held before goes, and with it any draft past its hour.
    const previous = await draftIdFrom(request);
    await db.formDraft.deleteMany({ where: { OR: [{ expiresAt: { lt: now } }, ...(previous ? [{ id: rowId(previous) }] : [])] } });
    await db.formDraft.create({
      data: {
        id: rowId(id),
        path: draftPath(path),
        fields: JSON.stringify(fields),
        files: JSON.stringify(posted.files),
        expiresAt: new Date(now.getTime() + DRAFT_MS),
      },
    });
    return await draftCookie.serialize(id);
  } catch (error) {
    log("error", "keeping a form posted after the session ended failed", errorFields(error));
    return null;
  }
}

/** The draft this browser holds that nobody has signed in for yet (the sign-in page tells why it appeared). */
export async function waitingDraft(request: Request): Promise<{ files: string[] } | null> {
  const id = await draftIdFrom(request);
  if (!id) return null;
  const draft = await db.formDraft.findFirst({ where: { id: rowId(id), userId: null, expiresAt: { gt: new Date() } } });
  return draft ? { files: parseList(draft.files) } : null;
}

/** Ties the browser's waiting draft to the account that just signed in with it. */
export async function claimDraft(request: Request, userId: string): Promise<void> {
  const id = await draftIdFrom(request);
  if (id) await db.formDraft.updateMany({ where: { id: rowId(id), userId: null, expiresAt: { gt: new Date() } }, data: { userId } });
}

export interface RestoredDraft {
  /** The posted text fields, by name (a repeated field as its list). */
  values: Record<string, string | string[]>;
  files: string[];
}

/**
 * The draft of the form at `path` this browser holds for `userId`, deleted as it is handed back
 * (it is shown once, in the form); null when there is none.
 */
export async function takeDraft(request: Request, userId: string, path: string): Promise<RestoredDraft | null> {
  const id = await draftIdFrom(request);
  if (!id) return null;
  const where = { id: rowId(id), userId, path: draftPath(path), expiresAt: { gt: new Date() } };
  const draft = await db.formDraft.findFirst({ where });
  if (!draft) return null;
  // Two tabs opening the page at once: only the one that deletes the row shows it.
  const { count } = await db.formDraft.deleteMany({ where });
  if (count === 0) return null;
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of JSON.parse(draft.fields) as [string, string][]) {
    const before = values[name];
    values[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return { values, files: parseList(draft.files) };
}

function parseList(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
}

/** Housekeeping: drafts past their hour (never restored) go; returns how many. */
export async function sweepExpiredDrafts(now = new Date()): Promise<number> {
  const { count } = await db.formDraft.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}
