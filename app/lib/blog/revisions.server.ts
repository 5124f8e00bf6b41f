// The revision history of blog posts. Every save of a post (and every restore) keeps a revision:
// the post's editable fields as that save left them, who saved and when. A revision keeps every
// column of the post except its id and timestamps as one JSON snapshot, so a column added to
// blog_posts later is kept by the next revisions without touching this file; restoring writes back
// what the snapshot has that is still a column. Each post keeps its newest POST_REVISIONS_KEEP
// revisions; deleting the post deletes them (the database cascades).
//
// Keeping a revision happens after the post itself was written and never fails that save: the
// post is stored, and answering "Erro ao salvar" would make the editor save (or create) again.
// A failure is reported in the server's log.
//
// A restore writes back only what a save would accept: every restored field passes the blog
// form's own rules (app/lib/blog/post-schema.ts, the library check of a save for the cover, the
// image-link rule for the social image) and the content goes through the sanitizer again, so an
// old version, saved under looser rules, or a revision row altered in the database cannot bring
// back what a save refuses. A field that fails keeps the post's current value, and the result
// says which and why (the restore's message names them); what the sanitizer took out of the
// content is reported the same way as after a save. A column has to be listed in RESTORED_RULES
// to be restored at all (a test checks that every column of blog_posts is there or is not restored).
//
// Revisions do not keep their files in use: the media library may delete a file only an old
// revision names (otherwise no file a post ever used could be deleted). So a restore checks the
// version's files in the storage and never brings back one that is gone: a file column keeps the
// post's current file, and the content loses its images of deleted files (links to them become
// plain text). The restore's result names what was kept or taken out, for the admin's message.
import { basename } from "node:path";
import type { RouterContextProvider } from "react-router";
import sanitize from "sanitize-html";
import type { BlogPost } from "../../generated/prisma-sqlite/client.ts";
import { describeChanges, recordActivity, type ActivityScope } from "../activity.server";
import { formatDateTime } from "../dates";
import { logFailure } from "../admin/action.server";
import { adminUser } from "../admin/guard.server";
import { SECTIONS } from "../admin/sections";
import { db } from "../db.server";
import { env } from "../env.server";
import { isBlankHtml, sanitizeBlogHtmlWithReport, sanitizeNotes, type SanitizeChange } from "../sanitize.server";
import { objectFromUrl, storage } from "../storage/index.server";
import { mediaUrlError } from "../forms/admin-schema";
import { libraryField } from "../media/library";
import { libraryPicks } from "../media/library.server";
import { UPLOAD_TARGETS } from "../media/upload-targets.server";
import { site } from "~/content/site";
import { blogFields } from "./post-schema";
import { slugOf } from "./slug-check.server";
import { rememberSlugChange } from "./slug-redirects.server";

/**
 * Columns that are the row's identity and bookkeeping, not what an editor wrote: not kept in a
 * revision, not shown in the history (older revisions may hold them), never restored.
 * `scheduleLogPending` is the scheduler's note that a scheduled post's going public is still to be logged.
 */
export const NOT_EDITABLE: ReadonlySet<string> = new Set(["id", "createdAt", "updatedAt", "scheduleLogPending"]);
/**
 * Kept in every revision (and shown), but a restore leaves them as they are: bringing back an old
 * text must not unpublish the post or move its publication date. The publishing control decides.
 */
const NOT_RESTORED = new Set(["isPublished", "publishedAt"]);

type RevisionKind = "save" | "restore" | "baseline";
export type Snapshot = Record<string, string | number | boolean | null>;

interface RevisionActor {
  email: string;
  name: string;
}

/** The post's editable fields as JSON values (dates as ISO strings). */
export function snapshotOf(post: BlogPost): Snapshot {
  const snapshot: Snapshot = {};
  for (const [column, value] of Object.entries(post)) {
    if (NOT_EDITABLE.has(column)) continue;
    snapshot[column] = value instanceof Date ? value.toISOString() : (value as Snapshot[string]);
  }
  return snapshot;
}

/** The signed-in admin as the history names them (their name may be empty). */
async function revisionActor(context: Readonly<RouterContextProvider>): Promise<RevisionActor> {
  const user = adminUser(context);
  const row = await db.user.findUnique({ where: { id: user.id }, select: { name: true } });
  return { email: user.email, name: row?.name ?? "" };
}

/** How many revisions each post keeps (POST_REVISIONS_KEEP). */
export function revisionsKept(): number {
  return env.POST_REVISIONS_KEEP;
}

interface KeepOptions {
  kind?: RevisionKind;
  restoredFrom?: number;
}

/**
 * Records the post as it is now, as a revision by `actor`. `before` is the post as it was before
 * this write (null when it was just created): its slug may become an old address, and a post that
 * has no revision yet (saved before the history existed) first gets one of that earlier state, so
 * the first edit does not lose it.
 */
async function keepRevision(post: BlogPost, before: BlogPost | null, actor: RevisionActor, options: KeepOptions = {}): Promise<void> {
  await rememberSlugChange(before, post);
  if (before && (await db.blogPostRevision.count({ where: { postId: post.id } })) === 0) {
    await db.blogPostRevision.create({
      data: { postId: post.id, kind: "baseline", title: before.title, slug: before.slug, snapshot: snapshotOf(before), createdAt: before.updatedAt },
    });
  }
  await db.blogPostRevision.create({
    data: {
      postId: post.id,
      kind: options.kind ?? "save",
      restoredFrom: options.restoredFrom ?? null,
      actorEmail: actor.email,
      actorName: actor.name,
      title: post.title,
      slug: post.slug,
      snapshot: snapshotOf(post),
    },
  });
  await pruneRevisions(post.id);
}

/** Deletes a post's revisions beyond the newest `keep`. */
async function pruneRevisions(postId: string, keep: number = revisionsKept()): Promise<void> {
  const oldestKept = await db.blogPostRevision.findFirst({ where: { postId }, orderBy: { id: "desc" }, skip: keep - 1, select: { id: true } });
  if (oldestKept) await db.blogPostRevision.deleteMany({ where: { postId, id: { lt: oldestKept.id } } });
}

/**
 * After the blog form saved a post: keeps its revision (and its old address when the slug
 * changed). `before` is the row the form edited (null when creating); the post is found by the slug
 * it was just saved with (slugs are unique). Never fails the save (see the top of this file).
 */
export async function keepSavedPostRevision(context: Readonly<RouterContextProvider>, before: BlogPost | null, slug: string): Promise<void> {
  try {
    const post = await db.blogPost.findUnique({ where: { slug } });
    if (post) await keepRevision(post, before, await revisionActor(context));
  } catch (error) {
    logFailure("blog revision write failed", error, "save");
  }
}

/** A post's history, newest first. */
export function listRevisions(postId: string) {
  return db.blogPostRevision.findMany({
    where: { postId },
    orderBy: { id: "desc" },
    select: { id: true, createdAt: true, actorEmail: true, actorName: true, kind: true, restoredFrom: true, title: true, slug: true },
  });
}

export async function findRevision(postId: string, id: number) {
  const revision = await db.blogPostRevision.findFirst({ where: { postId, id } });
  return revision ? { ...revision, snapshot: readSnapshot(revision.snapshot) } : null;
}

function readSnapshot(value: unknown): Snapshot {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Snapshot) : {};
}

/** A restored value, or why a save would refuse it. */
type Checked = { value: unknown } | { refused: string };

/** What a restored field is checked against: what the save of the blog form does with it. */
type RestoreRule = (value: unknown, restored: Record<string, unknown>, before: BlogPost) => Checked | Promise<Checked>;

/** A snapshot's value as the form would have posted it (null and absent are an empty field). */
const asField = (value: unknown) => (value === null || value === undefined ? undefined : value);

/** A field of the blog form's schema: the value it would save, or its message. */
function formRule(field: keyof typeof blogFields.shape, stored: (value: string | undefined) => unknown = (value) => value): RestoreRule {
  return (value) => {
    const parsed = blogFields.shape[field].safeParse(asField(value));
    return parsed.success ? { value: stored(parsed.data as string | undefined) } : { refused: parsed.error.issues[0]?.message ?? "Valor inválido." };
  };
}

const NOT_AN_IMAGE = "O arquivo não é uma imagem da biblioteca de mídia.";

/** The cover as a save takes it: a picture of the media library (what the form's library choice checks). */
const coverRule: RestoreRule = async (value) => {
  if (typeof value !== "string" || !value) return { refused: NOT_AN_IMAGE };
  const form = new FormData();
  form.set(libraryField("cover_image"), value);
  const { picked, errors } = await libraryPicks(form, { cover_image: UPLOAD_TARGETS.blog.cover_image }, {});
  return picked.cover_image ? { value: picked.cover_image } : { refused: errors.cover_image?.[0] ?? NOT_AN_IMAGE };
};

/** The social image as a save takes a typed one: empty (the cover), or an image link under the rules of every image link. */
const socialImageRule: RestoreRule = (value) => {
  const parsed = blogFields.shape.social_image_url.safeParse(asField(value));
  if (!parsed.success) return { refused: parsed.error.issues[0]?.message ?? "Valor inválido." };
  if (!parsed.data) return { value: null };
  const error = mediaUrlError(parsed.data, "image", (url) => objectFromUrl(url) !== null);
  return error ? { refused: error } : { value: parsed.data };
};

/**
 * Every column a restore may write, with the save's rule for it. The slug is made as a save makes
 * it (from the title when empty); the content is sanitized (its report goes in `sanitized`).
 */
export const RESTORED_RULES: Record<string, RestoreRule> = {
  title: formRule("title"),
  excerpt: formRule("excerpt"),
  author: formRule("author", (value) => value || site.brandName),
  seoTitle: formRule("seo_title", (value) => value || null),
  metaDescription: formRule("meta_description", (value) => value || null),
  slug: (value, restored, before) => {
    const checked = blogFields.shape.slug.safeParse(asField(value));
    const title = typeof restored.title === "string" ? restored.title : before.title;
    const slug = checked.success ? slugOf({ slug: checked.data, title }) : "";
    return slug ? { value: slug } : { refused: "O slug desta versão não forma um endereço válido." };
  },
  coverImage: coverRule,
  socialImage: socialImageRule,
  content: formRule("content"),
};

/** A field of the version that was not restored, and why (the message a save would give). */
export interface RefusedField {
  column: string;
  reason: string;
}

/**
 * The columns a restore writes: the snapshot's editable fields, each through the save's rule. A
 * value equal to the post's current one is left alone (the restore does not change it); one that
 * fails its rule is left out (the post keeps its current value) and named in `refused`.
 */
async function restorableValues(
  snapshot: Snapshot,
  before: BlogPost,
): Promise<{ values: Record<string, unknown>; refused: RefusedField[]; sanitized: SanitizeChange[]; missing: MissingFiles }> {
  const current = snapshotOf(before);
  const raw: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(snapshot)) {
    if (RESTORED_RULES[column] && !NOT_EDITABLE.has(column) && !NOT_RESTORED.has(column) && value !== current[column]) raw[column] = value;
  }
  // Files deleted from the library first: they have their own message (see the top of this file).
  const missing = await dropMissingFiles(raw, before);
  const values: Record<string, unknown> = {};
  const refused: RefusedField[] = [];
  let sanitized: SanitizeChange[] = [];
  // The title first: an empty slug is made from it, as a save makes it.
  const columns = Object.keys(raw).sort((a, b) => Number(b === "title") - Number(a === "title"));
  for (const column of columns) {
    const rule = RESTORED_RULES[column]!;
    const value = raw[column];
    const checked = await rule(value, values, before);
    if ("refused" in checked) {
      refused.push({ column, reason: checked.refused });
      continue;
    }
    if (column === "content") {
      // Sanitized again: the allowlist may be stricter now than when the revision was saved.
      const content = sanitizeBlogHtmlWithReport(checked.value as string);
      if (isBlankHtml(content.html)) {
        refused.push({ column, reason: `O conteúdo desta versão ficaria vazio depois da limpeza do HTML. ${sanitizeNotes(content.changes).join(" ")}`.trim() });
        continue;
      }
      values.content = content.html;
      sanitized = content.changes;
      continue;
    }
    if (checked.value !== current[column]) values[column] = checked.value;
  }
  return { values, refused, sanitized, missing };
}

/** What a restore left out because the version's files were deleted from the library. */
export interface MissingFiles {
  /** File columns (coverImage, socialImage...) that kept the post's current file. */
  keptColumns: string[];
  /** Names of the deleted files whose images were taken out of the restored content. */
  contentImages: string[];
  /** Names of the deleted files whose links in the restored content became plain text. */
  contentLinks: string[];
}

export type RestoreResult =
  | { status: "not-found" }
  | {
      status: "restored";
      post: BlogPost;
      restoredAt: Date;
      keptSlug: string | null;
      missing: MissingFiles;
      /** Fields of the version a save would refuse: the post kept its current value. */
      refused: RefusedField[];
      /** What the sanitizer took out of the version's content. */
      sanitized: SanitizeChange[];
    };

/**
 * Whether a URL names one of our stored files that no longer exists (a foreign URL is never
 * "gone": we cannot tell). Answers are cached in `seen` by file, so each file is asked once.
 */
async function isGone(url: string, seen: Map<string, Promise<boolean>>): Promise<boolean> {
  const object = objectFromUrl(url);
  if (!object) return false;
  const id = `${object.bucket}/${object.key}`;
  let gone = seen.get(id);
  if (!gone) {
    gone = storage().then(async (backend) => (await backend.head(object.bucket, object.key)) === null);
    seen.set(id, gone);
  }
  return gone;
}

/** Parsing as in sanitize-html, but keeping every tag and attribute: the content was sanitized already. */
const KEEP_ALL: sanitize.IOptions = { allowedTags: false, allowedAttributes: false, allowVulnerableTags: true };

/** The URLs of the content's images and links, as the browser reads them (character references decoded). */
function contentUrls(html: string): { images: string[]; links: string[] } {
  const images: string[] = [];
  const links: string[] = [];
  sanitize(html, {
    ...KEEP_ALL,
    exclusiveFilter: (frame) => {
      if (frame.tag === "img" && frame.attribs.src) images.push(frame.attribs.src);
      if (frame.tag === "a" && frame.attribs.href) links.push(frame.attribs.href);
      return false;
    },
  });
  return { images, links };
}

/**
 * The content without what names a deleted file: an image of one is taken out (a broken image is
 * worse than none), a link to one keeps its text and loses its address.
 */
async function withoutMissingFiles(html: string, seen: Map<string, Promise<boolean>>): Promise<{ html: string; images: string[]; links: string[] }> {
  const urls = contentUrls(html);
  const goneImages = new Set<string>();
  const goneLinks = new Set<string>();
  for (const url of urls.images) if (await isGone(url, seen)) goneImages.add(url);
  for (const url of urls.links) if (await isGone(url, seen)) goneLinks.add(url);
  if (goneImages.size === 0 && goneLinks.size === 0) return { html, images: [], links: [] };
  const cleaned = sanitize(html, {
    ...KEEP_ALL,
    exclusiveFilter: (frame) => frame.tag === "img" && goneImages.has(frame.attribs.src ?? ""),
    transformTags: {
      a: (tagName, attribs) => {
        if (!goneLinks.has(attribs.href ?? "")) return { tagName, attribs };
        const { href: _href, target: _target, rel: _rel, ...rest } = attribs;
        return { tagName, attribs: rest };
      },
    },
  });
  const names = (urls: Set<string>) => [...new Set([...urls].map((url) => basename(objectFromUrl(url)!.key)))];
  return { html: cleaned, images: names(goneImages), links: names(goneLinks) };
}

/**
 * Takes out of `values` (what a restore writes) the files that were deleted since the version was
 * saved: a file column keeps the post's current value, the content loses them (see the top of this
 * file). A value the restore does not change is left alone, even if its file is gone: the restore
 * does not make that worse.
 */
async function dropMissingFiles(values: Record<string, unknown>, before: BlogPost): Promise<MissingFiles> {
  const seen = new Map<string, Promise<boolean>>();
  const missing: MissingFiles = { keptColumns: [], contentImages: [], contentLinks: [] };
  const current = before as unknown as Record<string, unknown>;
  for (const column of SECTIONS.blog.fileColumns) {
    const url = values[column];
    if (typeof url !== "string" || url === "" || url === current[column]) continue;
    if (await isGone(url, seen)) {
      delete values[column];
      missing.keptColumns.push(column);
    }
  }
  if (typeof values.content === "string" && values.content !== before.content) {
    const content = await withoutMissingFiles(values.content, seen);
    values.content = content.html;
    missing.contentImages = content.images;
    missing.contentLinks = content.links;
  }
  return missing;
}

/**
 * Writes revision `revisionId`'s fields back into post `postId` and records that as a new
 * revision (the restored one stays in the history too) and in the activity log. When the
 * revision's slug belongs to another post now, the post keeps its current slug (`keptSlug` says
 * which slug could not come back). A file of the version that was deleted from the library is not
 * brought back (`missing` says which; see the top of this file).
 */
export async function restoreRevision(
  context: Readonly<RouterContextProvider>,
  scope: ActivityScope,
  postId: string,
  revisionId: number,
): Promise<RestoreResult> {
  const [before, revision] = await Promise.all([db.blogPost.findUnique({ where: { id: postId } }), findRevision(postId, revisionId)]);
  if (!before || !revision) return { status: "not-found" };
  const { values, refused, sanitized, missing } = await restorableValues(revision.snapshot, before);
  let keptSlug: string | null = null;
  if (typeof values.slug === "string" && values.slug !== before.slug) {
    const owner = await db.blogPost.findFirst({ where: { slug: values.slug, NOT: { id: postId } }, select: { id: true } });
    if (owner) {
      keptSlug = values.slug;
      delete values.slug;
    }
  }
  const post = await db.blogPost.update({ where: { id: postId }, data: values });
  const actor = await revisionActor(context);
  try {
    await keepRevision(post, before, actor, { kind: "restore", restoredFrom: revision.id });
  } catch (error) {
    logFailure("blog revision write failed", error, "restore");
  }
  const when = formatDateTime(revision.createdAt);
  const changes = describeChanges(before, values);
  await recordActivity(scope, {
    action: "restore",
    targetId: post.id,
    targetLabel: post.title,
    summary: `Versão de ${when}${revision.actorEmail ? ` (${revision.actorName || revision.actorEmail})` : ""}; ${changes}`,
  });
  return { status: "restored", post, restoredAt: revision.createdAt, keptSlug, missing, refused, sanitized };
}
