// When the database fails during an admin create, update or delete, every section answers with
// its own error toast (500, the form kept) instead of the generic error screen, and keeps no file
// stored for the failed save. The failure is real: a trigger that raises on the section's table
// (SQLite RAISE / PostgreSQL RAISE EXCEPTION), or the table gone. Runs on both databases
// (TEST_DATABASE=postgres).
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { expectErrorOutput } from "../helpers/error-trap";
import { db, isPostgres } from "~/lib/db.server";
import * as portfolio from "~/routes/admin.portfolio";
import * as led from "~/routes/admin.led-panels";
import * as films from "~/routes/admin.window-films-portfolio";
import * as filmsTestimonials from "~/routes/admin.window-films-testimonials";
import * as logos from "~/routes/admin.client-logos";
import * as course from "~/routes/admin.course-testimonials";
import * as blog from "~/routes/admin.blog";
import { dataOf, formRequest, getRequest, mp4, png, responseOf, routeArgs, sessionCookie } from "./admin-fixtures";

const REASON = "falha simulada no banco";
type Toast = { type?: string; title: string; description?: string };
type Handler = (args: ReturnType<typeof routeArgs>) => Promise<unknown>;

interface Case {
  path: string;
  table: string;
  action: Handler;
  loader: (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
  /** A valid form for a new row (with a fresh file where the section takes one). */
  fields: () => Record<string, string | Blob>;
  /** The field (and column) that changes in the update. */
  edit: string;
  saveFailed: (reason: string) => Toast;
  deleteFailed: (reason: string) => Toast;
}

let posts = 0;
const cases: Case[] = [
  {
    path: "/admin/portfolio",
    table: "portfolio_items",
    action: portfolio.action,
    loader: portfolio.loader,
    fields: () => ({ title: "Loja Bella", category: "IA", description: "Gestão.", result: "+300%", cover_image: png() }),
    edit: "title",
    saveFailed: (reason) => ({ type: "error", title: "Erro ao salvar", description: reason }),
    deleteFailed: (reason) => ({ type: "error", title: "Erro ao excluir", description: reason }),
  },
  {
    path: "/admin/led-panels",
    table: "led_panels",
    action: led.action,
    loader: led.loader,
    fields: () => ({ title: "Painel 01", primary_flow: "40 mil/dia", reach: "1 mi", flow: "Alto", description: "Centro.", photo: png() }),
    edit: "title",
    saveFailed: (reason) => ({ type: "error", title: "Erro ao salvar painel", description: reason }),
    deleteFailed: (reason) => ({ type: "error", title: "Erro ao excluir painel", description: reason }),
  },
  {
    path: "/admin/window-films-portfolio",
    table: "window_films_portfolio",
    action: films.action,
    loader: films.loader,
    fields: () => ({ title: "Institucional", category: "Corporativo", cover_image: mp4() }),
    edit: "title",
    // The project's save error shows the server's own message.
    saveFailed: (reason) => ({ type: "error", title: "Erro", description: reason }),
    deleteFailed: (reason) => ({ type: "error", title: "Erro ao excluir projeto", description: reason }),
  },
  {
    path: "/admin/window-films-testimonials",
    table: "window_films_testimonials",
    action: filmsTestimonials.action,
    loader: filmsTestimonials.loader,
    fields: () => ({ client_name: "Marina", testimonial: "Excelente.", rating: "5" }),
    edit: "client_name",
    saveFailed: (reason) => ({ type: "error", title: "Erro ao salvar depoimento", description: reason }),
    deleteFailed: (reason) => ({ type: "error", title: "Erro ao excluir depoimento", description: reason }),
  },
  {
    path: "/admin/client-logos",
    table: "client_logos",
    action: logos.action,
    loader: logos.loader,
    fields: () => ({ client_name: "Acme", logo_file: png("acme.png") }),
    edit: "client_name",
    saveFailed: () => ({ type: "error", title: "Erro ao salvar", description: "Não foi possível salvar o logo" }),
    deleteFailed: (reason) => ({ type: "error", title: "Erro ao remover logo", description: reason }),
  },
  {
    path: "/admin/course-testimonials",
    table: "course_testimonials",
    action: course.action,
    loader: course.loader,
    fields: () => ({ student_name: "João", display_order: "1", video_url: mp4() }),
    edit: "student_name",
    saveFailed: (reason) => ({ type: "error", title: `Erro ao salvar depoimento: ${reason}` }),
    deleteFailed: (reason) => ({ type: "error", title: `Erro ao excluir depoimento: ${reason}` }),
  },
  {
    path: "/admin/blog",
    table: "blog_posts",
    action: blog.action,
    loader: blog.loader,
    fields: () => ({ title: `Guia de IA ${++posts}`, slug: "", excerpt: "Resumo.", content: "<p>Oi</p>", is_published: "on", cover_image: png() }),
    edit: "title",
    saveFailed: () => ({ type: "error", title: "Erro ao salvar post", description: "Verifique os dados e tente novamente" }),
    deleteFailed: (reason) => ({ type: "error", title: "Erro ao excluir post", description: reason }),
  },
];

/** Every file under the uploads folder (all buckets and folders). */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(process.env.UPLOADS_DIR!, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Every insert, update and delete on `table` now fails with REASON. */
async function failWrites(table: string) {
  if (isPostgres) {
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION fail_write() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION '${REASON}'; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`CREATE TRIGGER fail_write BEFORE INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION fail_write()`);
  } else {
    for (const op of ["INSERT", "UPDATE", "DELETE"]) {
      await db.$executeRawUnsafe(`CREATE TRIGGER fail_${op.toLowerCase()} BEFORE ${op} ON ${table} BEGIN SELECT RAISE(ABORT, '${REASON}'); END`);
    }
  }
  return async () => {
    if (isPostgres) await db.$executeRawUnsafe(`DROP TRIGGER fail_write ON ${table}`);
    else for (const op of ["insert", "update", "delete"]) await db.$executeRawUnsafe(`DROP TRIGGER fail_${op}`);
  };
}

let restore: (() => Promise<void>) | null = null;
afterEach(async () => {
  await restore?.();
  restore = null;
});

describe.each(cases)("$path when the database fails", (section) => {
  const count = () => db.$queryRawUnsafe<Array<{ n: number | bigint }>>(`SELECT COUNT(*) AS n FROM ${section.table}`).then((rows) => Number(rows[0]!.n));

  it("create, update and delete end in the section's toast (500), nothing changes and no file is left behind", async () => {
    const cookie = await sessionCookie();
    const created = await responseOf(section.action, formRequest(section.path, section.fields(), { cookie }));
    expect(created.status).toBe(302);
    const [row] = await db.$queryRawUnsafe<Array<{ id: string }>>(`SELECT id FROM ${section.table}`);
    const filesBefore = await storedFiles();
    restore = await failWrites(section.table);
    const errors = expectErrorOutput();

    const create = await dataOf(section.action, formRequest(section.path, section.fields(), { cookie }));
    expect(create.status).toBe(500);
    expect(create.body.toast).toEqual(section.saveFailed(REASON));
    // The form comes back with what was posted (shown again without JavaScript).
    expect(create.body.lastResult).toMatchObject({ initialValue: expect.objectContaining({ [section.edit]: expect.any(String) }) });

    const field = section.edit;
    const update = await dataOf(section.action, formRequest(section.path, { ...section.fields(), id: row!.id, [field]: "Alterado" }, { cookie }));
    expect(update.status).toBe(500);
    expect(update.body.toast).toEqual(section.saveFailed(REASON));

    const remove = await dataOf(section.action, formRequest(section.path, { intent: "delete", id: row!.id }, { cookie }));
    expect(remove.status).toBe(500);
    expect(remove.body.toast).toEqual(section.deleteFailed(REASON));
    // Each failure is logged with the action that failed and the error (its stack included).
    expect(errors().map((line) => [line.msg, line.action, line.err instanceof Error])).toEqual([
      ["admin save failed", "save", true],
      ["admin save failed", "save", true],
      ["admin delete failed", "delete", true],
    ]);

    await restore();
    restore = null;
    expect(await count()).toBe(1);
    expect(await storedFiles()).toEqual(filesBefore);
    const [unchanged] = await db.$queryRawUnsafe<Array<{ value: string }>>(`SELECT ${field} AS value FROM ${section.table}`);
    expect(unchanged!.value).not.toBe("Alterado");
  });

  it("a table that cannot be read: the delete and the save end in the section's toast, the list in its load error", async () => {
    const cookie = await sessionCookie();
    const filesBefore = await storedFiles();
    expectErrorOutput();
    await db.$executeRawUnsafe(`ALTER TABLE ${section.table} RENAME TO ${section.table}_away`);
    restore = async () => void (await db.$executeRawUnsafe(`ALTER TABLE ${section.table}_away RENAME TO ${section.table}`));

    const remove = await dataOf(section.action, formRequest(section.path, { intent: "delete", id: "qualquer" }, { cookie }));
    expect(remove.status).toBe(500);
    // The reason is the database's own (the missing table's name), in the section's toast.
    expect(remove.body.toast!.title.startsWith(section.deleteFailed("").title)).toBe(true);
    expect(JSON.stringify(remove.body.toast)).toContain(section.table);

    const save = await dataOf(section.action, formRequest(section.path, { ...section.fields(), id: "qualquer" }, { cookie }));
    expect(save.status).toBe(500);
    expect(save.body.toast!.title.startsWith(section.saveFailed("").title)).toBe(true);
    expect(await storedFiles()).toEqual(filesBefore);

    const list = (await section.loader(routeArgs(getRequest(section.path, { cookie })))) as {
      items: unknown[];
      loadError: { title: string; description: string } | null;
    };
    expect(list.items).toEqual([]);
    expect(list.loadError?.title).toMatch(/^Erro ao carregar/);
    // The load error's description is the database's reason, not Prisma's call-site line.
    expect(list.loadError?.description).not.toMatch(/invocation|^$/);
  });
});
