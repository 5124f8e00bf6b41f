// Reordering every section with a display order: "Mover para cima/baixo" (one row, one step),
// "Mover para a posição" (one row, any distance, one step) and drag and drop (the whole order)
// renumber all of the section's rows 1..n, the public pages follow, and input that does not fit
// the list is refused with the reason, writing nothing. A row created with the order field left
// blank (as the new-row form leaves it) lands where the section puts new rows: last, or first in
// the sections listed newest first.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import * as logos from "~/routes/admin.client-logos";
import * as films from "~/routes/admin.window-films-portfolio";
import * as filmsTestimonials from "~/routes/admin.window-films-testimonials";
import * as course from "~/routes/admin.course-testimonials";
import { loader as windowFilmsLoader } from "~/routes/_site.window-films";
import { dataOf, expectGuarded, formRequest, getRequest, mp4, responseOf, routeArgs, sessionCookie } from "./admin-fixtures";

type Handler = Parameters<typeof responseOf>[0];

const sections: Array<{
  path: string;
  action: Handler;
  create: (names: string[]) => Promise<unknown>;
  names: () => Promise<string[]>;
  positions: () => Promise<number[]>;
  /** The new-row form's fields for a row named `name` (its order field blank, as the form shows it). */
  newRow: (name: string) => Record<string, string | Blob>;
  newRows: "first" | "last";
}> = [
  {
    path: "/admin/client-logos",
    action: logos.action,
    create: (names) => db.clientLogo.createMany({ data: names.map((clientName) => ({ clientName, logoUrl: "https://a.example/l.png", orderIndex: 5 })) }),
    names: async () => (await db.clientLogo.findMany({ orderBy: [{ orderIndex: "asc" }, { createdAt: "asc" }] })).map((row) => row.clientName),
    positions: async () => (await db.clientLogo.findMany({ orderBy: { orderIndex: "asc" } })).map((row) => row.orderIndex),
    newRow: (name) => ({ client_name: name, logo_url: "https://a.example/novo.png", order_index: "" }),
    newRows: "last",
  },
  {
    path: "/admin/window-films-portfolio",
    action: films.action,
    create: (names) =>
      db.windowFilmsProject.createMany({
        data: names.map((title, i) => ({ title, category: "Residencial", images: [], videos: [], orderIndex: 5, createdAt: new Date(2026, 0, 10 - i) })),
      }),
    names: async () => (await db.windowFilmsProject.findMany({ orderBy: [{ orderIndex: "asc" }, { createdAt: "desc" }] })).map((row) => row.title),
    positions: async () => (await db.windowFilmsProject.findMany({ orderBy: { orderIndex: "asc" } })).map((row) => row.orderIndex),
    newRow: (name) => ({ title: name, category: "Corporativo", order_index: "" }),
    newRows: "first",
  },
  {
    path: "/admin/window-films-testimonials",
    action: filmsTestimonials.action,
    create: (names) =>
      db.windowFilmsTestimonial.createMany({
        data: names.map((clientName, i) => ({ clientName, testimonial: "Ótimo.", rating: 5, orderIndex: 5, createdAt: new Date(2026, 0, 10 - i) })),
      }),
    names: async () => (await db.windowFilmsTestimonial.findMany({ orderBy: [{ orderIndex: "asc" }, { createdAt: "desc" }] })).map((row) => row.clientName),
    positions: async () => (await db.windowFilmsTestimonial.findMany({ orderBy: { orderIndex: "asc" } })).map((row) => row.orderIndex),
    newRow: (name) => ({ client_name: name, testimonial: "Muito bom.", rating: "5", order_index: "" }),
    newRows: "first",
  },
  {
    path: "/admin/course-testimonials",
    action: course.action,
    create: (names) =>
      db.courseTestimonial.createMany({ data: names.map((studentName) => ({ studentName, videoUrl: "/media/portfolio-media/v.mp4", orderIndex: 5 })) }),
    names: async () => (await db.courseTestimonial.findMany({ orderBy: [{ orderIndex: "asc" }, { createdAt: "asc" }] })).map((row) => row.studentName),
    positions: async () => (await db.courseTestimonial.findMany({ orderBy: { orderIndex: "asc" } })).map((row) => row.orderIndex),
    newRow: (name) => ({ student_name: name, video_url: mp4(), display_order: "" }),
    newRows: "last",
  },
];

async function idsOf(section: (typeof sections)[number]): Promise<Map<string, string>> {
  const models = {
    "/admin/client-logos": db.clientLogo,
    "/admin/window-films-portfolio": db.windowFilmsProject,
    "/admin/window-films-testimonials": db.windowFilmsTestimonial,
    "/admin/course-testimonials": db.courseTestimonial,
  };
  const rows = (await (models[section.path as keyof typeof models] as typeof db.clientLogo).findMany()) as Array<{ id: string } & Record<string, unknown>>;
  return new Map(rows.map((row) => [String(row.clientName ?? row.title ?? row.studentName), row.id]));
}

beforeEach(async () => {
  await db.$transaction([
    db.clientLogo.deleteMany(),
    db.windowFilmsProject.deleteMany(),
    db.windowFilmsTestimonial.deleteMany(),
    db.courseTestimonial.deleteMany(),
  ]);
});

for (const section of sections) {
  describe(`${section.path}: reorder`, () => {
    it("is guarded", async () => {
      await expectGuarded(section.action, section.path, { intent: "reorder", order: "" });
    });

    it("moves one row up or down and renumbers every row 1..n; a whole order is saved at once", async () => {
      await section.create(["A", "B", "C"]);
      const ids = await idsOf(section);
      const cookie = await sessionCookie();
      const moved = await responseOf(section.action, formRequest(section.path, { intent: "reorder", id: ids.get("C")!, move: "up" }, { cookie }));
      expect(moved.status).toBe(302);
      // Back to the moved row's place in the list (without JavaScript the page would open at its top).
      expect(moved.headers.get("Location")).toBe(`${section.path}#linha-${ids.get("C")}`);
      expect(await section.names()).toEqual(["A", "C", "B"]);
      expect(await section.positions()).toEqual([1, 2, 3]);

      await responseOf(section.action, formRequest(section.path, { intent: "reorder", id: ids.get("A")!, move: "down" }, { cookie }));
      expect(await section.names()).toEqual(["C", "A", "B"]);

      const dragged = await responseOf(
        section.action,
        formRequest(section.path, { intent: "reorder", order: ["B", "C", "A"].map((name) => ids.get(name)).join(",") }, { cookie }),
      );
      // A dragged order (JavaScript) stays where the page is.
      expect(dragged.headers.get("Location")).toBe(section.path);
      expect(await section.names()).toEqual(["B", "C", "A"]);
      expect(await section.positions()).toEqual([1, 2, 3]);
    });

    it("moves a row straight to a chosen position in one request", async () => {
      await section.create(["A", "B", "C", "D", "E"]);
      const ids = await idsOf(section);
      const cookie = await sessionCookie();
      const moved = await responseOf(section.action, formRequest(section.path, { intent: "reorder", id: ids.get("E")!, position: "1" }, { cookie }));
      expect(moved.status).toBe(302);
      expect(moved.headers.get("Location")).toBe(`${section.path}#linha-${ids.get("E")}`);
      expect(await section.names()).toEqual(["E", "A", "B", "C", "D"]);
      expect(await section.positions()).toEqual([1, 2, 3, 4, 5]);
      await responseOf(section.action, formRequest(section.path, { intent: "reorder", id: ids.get("E")!, position: " 4 " }, { cookie }));
      expect(await section.names()).toEqual(["A", "B", "C", "E", "D"]);
    });

    it(`puts a row created with a blank order ${section.newRows} in the list, also after a reorder`, async () => {
      await section.create(["A", "B", "C"]);
      const ids = await idsOf(section);
      const cookie = await sessionCookie();
      await responseOf(section.action, formRequest(section.path, { intent: "reorder", id: ids.get("C")!, move: "up" }, { cookie }));
      expect(await section.names()).toEqual(["A", "C", "B"]);
      const created = await responseOf(section.action, formRequest(section.path, section.newRow("Novo"), { cookie }));
      expect(created.status).toBe(302);
      expect(await section.names()).toEqual(section.newRows === "last" ? ["A", "C", "B", "Novo"] : ["Novo", "A", "C", "B"]);
      expect(await section.positions()).toEqual([1, 2, 3, 4]);
      // Editing a row with its order field blank keeps its place.
      const edited = (await idsOf(section)).get("A")!;
      await responseOf(section.action, formRequest(section.path, { ...section.newRow("A"), id: edited }, { cookie }));
      expect(await section.names()).toEqual(section.newRows === "last" ? ["A", "C", "B", "Novo"] : ["Novo", "A", "C", "B"]);
    });

    it("refuses what does not fit the list (400/404 with the reason) and writes nothing", async () => {
      await section.create(["A", "B"]);
      const ids = await idsOf(section);
      const cookie = await sessionCookie();
      const before = await section.names();
      const cases: Array<[Record<string, string>, number, string]> = [
        [{ intent: "reorder", id: ids.get("A")!, move: "up" }, 400, "Este item já está na ponta da lista."],
        [{ intent: "reorder", id: ids.get("B")!, move: "down" }, 400, "Este item já está na ponta da lista."],
        [{ intent: "reorder", id: ids.get("A")!, move: "sideways" }, 400, "Escolha mover para cima ou para baixo."],
        [{ intent: "reorder", id: "nao-existe", move: "up" }, 404, "Registro não encontrado."],
        [{ intent: "reorder", id: ids.get("A")!, position: "3" }, 400, "Escolha uma posição de 1 a 2."],
        [{ intent: "reorder", id: ids.get("A")!, position: "0" }, 400, "Escolha uma posição de 1 a 2."],
        [{ intent: "reorder", id: ids.get("A")!, position: "1.5" }, 400, "Escolha uma posição de 1 a 2."],
        [{ intent: "reorder", id: ids.get("A")!, position: "primeira" }, 400, "Escolha uma posição de 1 a 2."],
        [{ intent: "reorder", order: ids.get("A")! }, 400, "A lista mudou desde que a página foi aberta. Recarregue a página e tente de novo."],
        [
          { intent: "reorder", order: [ids.get("A"), ids.get("A")].join(",") },
          400,
          "A lista mudou desde que a página foi aberta. Recarregue a página e tente de novo.",
        ],
        [
          { intent: "reorder", order: [ids.get("A"), "outro"].join(",") },
          400,
          "A lista mudou desde que a página foi aberta. Recarregue a página e tente de novo.",
        ],
      ];
      for (const [fields, status, description] of cases) {
        const { status: got, body } = await dataOf(section.action, formRequest(section.path, fields, { cookie }));
        expect(got, JSON.stringify(fields)).toBe(status);
        expect(body.toast).toEqual({ type: "error", title: "Erro ao reordenar", description });
      }
      expect(await section.names()).toEqual(before);
    });
  });
}

it("the public window-films page follows the new order", async () => {
  await db.windowFilmsProject.createMany({
    data: ["Primeiro", "Segundo"].map((title, i) => ({ title, category: "Residencial", images: [], videos: [], orderIndex: i })),
  });
  const ids = new Map((await db.windowFilmsProject.findMany()).map((row) => [row.title, row.id]));
  await responseOf(
    films.action,
    formRequest("/admin/window-films-portfolio", { intent: "reorder", id: ids.get("Segundo")!, move: "up" }, { cookie: await sessionCookie() }),
  );
  const page = (await windowFilmsLoader(routeArgs(getRequest("/window-films")))) as { projects: Array<{ title: string }> };
  expect(page.projects.map((project) => project.title)).toEqual(["Segundo", "Primeiro"]);
});
