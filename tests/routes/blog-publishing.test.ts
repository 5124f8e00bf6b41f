// The blog editor's publishing desk through the route modules on a real database: the SEO title
// (stored, and the public page's <title> and og:title, falling back to the post's title), the
// character limits refused on save in Portuguese, the one publishing control (publish now,
// schedule, draft) with its toast, the saved post's place after a save ("Ver post"), the post's
// length, and a scheduled post going public written to the activity log exactly once.
import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { db } from "~/lib/db.server";
import { formatScheduleMoment, parseScheduleInput, postStatus, scheduleInputValue, SCHEDULE_TIME_PAST, SCHEDULE_TIME_REQUIRED } from "~/lib/blog/schedule";
import { logDuePublications, SCHEDULE_ACTOR } from "~/lib/blog/schedule-log.server";
import { armScheduleTimer, onScheduledPublication } from "~/lib/blog/schedule.server";
import { sweepExpiredRows } from "~/lib/housekeeping.server";
import { countWords, readingSummary } from "~/lib/reading-time";
import { action, loader, META_DESCRIPTION_TOO_LONG, SEO_TITLE_MAX, SEO_TITLE_TOO_LONG } from "~/routes/admin.blog";
import { loader as postLoader, meta as postMeta } from "~/routes/_site.blog.$slug";
import { dataOf, formRequest, getRequest, png, responseOf, routeArgs, sessionCookie, toastOf } from "./admin-fixtures";

const PATH = "/admin/blog";
const post = { title: "Guia de anúncios", excerpt: "Resumo do post.", content: "<p>Olá</p>" };

async function save(fields: Record<string, string | Blob>) {
  const cookie = await sessionCookie();
  const response = await responseOf(action, formRequest(PATH, { ...post, cover_image: png(), ...fields }, { cookie }));
  expect(response.status, await response.clone().text()).toBe(302);
  const row = await db.blogPost.findUniqueOrThrow({ where: { slug: String(fields.slug) } });
  return { row, toast: await toastOf(response), location: response.headers.get("Location"), cookie };
}

async function refused(fields: Record<string, string | Blob>) {
  const cookie = await sessionCookie();
  const before = await db.blogPost.count();
  const { status, body } = await dataOf(action, formRequest(PATH, { ...post, cover_image: png(), ...fields }, { cookie }));
  expect(await db.blogPost.count()).toBe(before);
  return { status, errors: body.lastResult?.error ?? {} };
}

/** The public page's <title> and og:title for a slug. */
async function publicTitles(slug: string) {
  const loaderData = (await postLoader(routeArgs(getRequest(`/blog/${slug}`), { slug }))) as never;
  const tags = postMeta({ loaderData, params: { slug } } as never) as MetaDescriptor[];
  const find = (predicate: (tag: Record<string, unknown>) => boolean) => tags.find((tag) => predicate(tag as Record<string, unknown>));
  return {
    title: (find((tag) => "title" in tag) as { title: string }).title,
    og: (find((tag) => tag.property === "og:title") as { content: string }).content,
  };
}

const inMinutes = (minutes: number) => scheduleInputValue(new Date(Date.now() + minutes * 60_000));

describe("SEO title", () => {
  it("is stored trimmed and is the public page's whole <title> and og:title; empty, the post's title with the brand", async () => {
    const { row } = await save({ slug: "com-seo", publication: "publish", seo_title: "  Anúncios que vendem em 2027  " });
    expect(row.seoTitle).toBe("Anúncios que vendem em 2027");
    expect(await publicTitles("com-seo")).toEqual({ title: "Anúncios que vendem em 2027", og: "Anúncios que vendem em 2027" });

    const plain = await save({ slug: "sem-seo", publication: "publish", seo_title: "" });
    expect(plain.row.seoTitle).toBeNull();
    expect(await publicTitles("sem-seo")).toEqual({ title: "Guia de anúncios | Wind Digital", og: "Guia de anúncios | Wind Digital" });
  });

  it("refuses an SEO title over its limit and a meta description over 160, each with its message beside the field", async () => {
    const long = await refused({ slug: "longo", publication: "publish", seo_title: "a".repeat(SEO_TITLE_MAX + 1), meta_description: "b".repeat(161) });
    expect(long.status).toBe(400);
    expect(long.errors.seo_title).toEqual([SEO_TITLE_TOO_LONG]);
    expect(long.errors.meta_description).toEqual([META_DESCRIPTION_TOO_LONG]);
    expect(SEO_TITLE_TOO_LONG).toBe("O título para buscadores deve ter no máximo 60 caracteres.");
    // Exactly at the limit is fine (spaces around are not counted).
    const { row } = await save({ slug: "no-limite", publication: "publish", seo_title: ` ${"a".repeat(SEO_TITLE_MAX)} ` });
    expect(row.seoTitle).toHaveLength(SEO_TITLE_MAX);
  });
});

describe("one publishing control", () => {
  it("schedule: published at the typed São Paulo time, and the toast says when", async () => {
    const at = inMinutes(3 * 24 * 60);
    const { row, toast } = await save({ slug: "agendado", publication: "schedule", published_at: at });
    expect(row.isPublished).toBe(true);
    expect(row.publishedAt?.toISOString()).toBe(parseScheduleInput(at)!.toISOString());
    expect(postStatus(row)).toBe("scheduled");
    const [day, time] = [at.slice(0, 10).split("-").reverse().join("/"), at.slice(11, 16)];
    expect(formatScheduleMoment(row.publishedAt!)).toBe(`${day} às ${time}`);
    expect(toast).toMatchObject({ type: "success", title: "Post criado com sucesso!" });
    expect(toast!.description).toContain(`Post agendado para ${day} às ${time}`);
  });

  it("schedule without a time, or with one already past, is refused beside the field and nothing is saved", async () => {
    const missing = await refused({ slug: "sem-hora", publication: "schedule", published_at: "" });
    expect(missing.status).toBe(400);
    expect(missing.errors.published_at).toEqual([SCHEDULE_TIME_REQUIRED]);
    const past = await refused({ slug: "hora-passada", publication: "schedule", published_at: "2024-03-10T08:00" });
    expect(past.status).toBe(400);
    expect(past.errors.published_at).toEqual([SCHEDULE_TIME_PAST]);
    const unknown = await refused({ slug: "escolha-ruim", publication: "amanha" });
    expect(unknown.errors.publication).toEqual(["Escolha como publicar o post."]);
  });

  it("draft: never public, whatever time is left in the field, and the toast says it is a draft", async () => {
    const { row, toast } = await save({ slug: "rascunho", publication: "draft", published_at: inMinutes(60) });
    expect(row).toMatchObject({ isPublished: false, publishedAt: null });
    expect(postStatus(row)).toBe("draft");
    expect(toast!.description).toBe("Salvo como rascunho: não aparece no site.");
  });

  it("publish now: public at once even with a schedule's time left in the field; a past time backdates it", async () => {
    const before = Date.now();
    const { row, toast } = await save({ slug: "agora", publication: "publish", published_at: inMinutes(60) });
    expect(postStatus(row)).toBe("published");
    expect(row.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(toast).toEqual({ type: "success", title: "Post criado com sucesso!" });
    const old = await save({ slug: "retroativo", publication: "publish", published_at: "2024-03-10T08:00" });
    expect(old.row.publishedAt?.toISOString()).toBe("2024-03-10T11:00:00.000Z");
  });

  it("switching a scheduled post to draft and back to publish: a draft forgets the schedule, publishing is now", async () => {
    const { row, cookie } = await save({ slug: "muda", publication: "schedule", published_at: inMinutes(120) });
    const edit = (fields: Record<string, string>) => responseOf(action, formRequest(PATH, { ...post, id: row.id, slug: "muda", ...fields }, { cookie }));
    await edit({ publication: "draft", published_at: scheduleInputValue(row.publishedAt) });
    expect(await db.blogPost.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ isPublished: false, publishedAt: null });
    await edit({ publication: "publish", published_at: "" });
    expect(postStatus(await db.blogPost.findUniqueOrThrow({ where: { id: row.id } }))).toBe("published");
  });

  it("the save goes back to the list with the saved post, which the page offers to see ('Ver post' when public)", async () => {
    const { row, location, cookie } = await save({ slug: "ver-post", publication: "publish" });
    expect(location).toBe(`${PATH}?salvo=${row.id}`);
    const page = (await dataOfLoader(location!, cookie)) as { saved: { id: string; slug: string } | null; editing: unknown };
    expect(page.saved).toMatchObject({ id: row.id, slug: "ver-post" });
    expect(page.editing).toBeNull();
  });
});

async function dataOfLoader(path: string, cookie: string) {
  return loader(routeArgs(getRequest(path, { cookie })));
}

describe("the post's length", () => {
  it("counts the words of the HTML (tags, scripts and entities aside) and the minutes to read them", () => {
    expect(countWords("<p>Olá, <strong>mundo</strong>!</p><p>Tráfego&nbsp;pago &amp; SEO</p>")).toBe(5);
    expect(countWords("<script>var x = 1</script><p> — </p>")).toBe(0);
    expect(readingSummary("")).toBe("0 palavras");
    expect(readingSummary("<p>Uma</p>")).toBe("1 palavra · 1 min de leitura");
    expect(readingSummary(`<p>${"palavra ".repeat(1234)}</p>`)).toBe("1.234 palavras · 6 min de leitura");
  });
});

describe("a scheduled post going public", () => {
  it("is written to the activity log once, by the housekeeping or the due timer, whichever comes first", async () => {
    const { row } = await save({ slug: "vai-ao-ar", title: "Post que vai ao ar", publication: "schedule", published_at: inMinutes(2) });
    const entries = () => db.activityEntry.findMany({ where: { targetId: row.id, action: "scheduled_publish" } });
    // Not before its time.
    await sweepExpiredRows();
    expect(await entries()).toHaveLength(0);

    const later = new Date(row.publishedAt!.getTime() + 1000);
    const [swept, timer, again] = await Promise.all([sweepExpiredRows(later), logDuePublications(later), logDuePublications(later)]);
    expect(swept.scheduledPublications + timer + again).toBe(1);
    const [entry] = await entries();
    expect(await entries()).toHaveLength(1);
    expect(entry).toMatchObject({ actorEmail: SCHEDULE_ACTOR, section: "blog", targetLabel: "Post que vai ao ar" });
    expect(entry!.summary).toContain(`Agendado para ${formatScheduleMoment(row.publishedAt!)}`);
    // Logging it is no edit of the post.
    expect((await db.blogPost.findUniqueOrThrow({ where: { id: row.id } })).updatedAt.getTime()).toBe(row.updatedAt.getTime());
    expect((await sweepExpiredRows(later)).scheduledPublications).toBe(0);
  });

  it("its due time is told once even when a read after that time re-arms the timer before the timer's turn (a busy server)", async () => {
    const told: number[] = [];
    const stop = onScheduledPublication(() => told.push(Date.now()));
    try {
      armScheduleTimer(new Date(Date.now() + 20));
      // The event loop is busy past the due time; then a read sees the post public and nothing next.
      const busyUntil = Date.now() + 60;
      while (Date.now() < busyUntil);
      armScheduleTimer(null);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(told).toHaveLength(1);
      // A time that has not come yet, replaced by another read, is not told early.
      armScheduleTimer(new Date(Date.now() + 60_000));
      armScheduleTimer(new Date(Date.now() + 120_000));
      armScheduleTimer(null);
      expect(told).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it("a post published at once or a draft is not logged as a scheduled publication; a schedule moved to draft is not either", async () => {
    const now = await save({ slug: "ja-no-ar", publication: "publish" });
    const draft = await save({ slug: "so-rascunho", publication: "draft" });
    const moved = await save({ slug: "desagendado", publication: "schedule", published_at: inMinutes(2) });
    await responseOf(action, formRequest(PATH, { ...post, id: moved.row.id, slug: "desagendado", publication: "draft" }, { cookie: moved.cookie }));
    await sweepExpiredRows(new Date(Date.now() + 10 * 60_000));
    const ids = [now.row.id, draft.row.id, moved.row.id];
    expect(await db.activityEntry.count({ where: { targetId: { in: ids }, action: "scheduled_publish" } })).toBe(0);
  });
});
