import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { currentContentVersion } from "~/lib/content-version.server";
import { action, loader } from "~/routes/admin.led-panels";
import { dataOf, expectGuarded, fakePng, formRequest, getRequest, png, responseOf, sessionCookie, underAdminLayout } from "./admin-fixtures";

const PATH = "/admin/led-panels";
const valid = { title: "Panel 01 - Av. T-63", primary_flow: "50 mil/dia", reach: "1,5 mi/mês", flow: "Alto", description: "Painel na principal avenida." };

async function storedFiles(): Promise<string[]> {
  const dir = join(process.env.UPLOADS_DIR!, "blog-media");
  return (await readdir(dir).catch(() => [])).sort();
}

describe("admin LED panels", () => {
  it("redirects anonymous visitors and refuses non-admins, for the loader and the action", async () => {
    const page = await responseOf(underAdminLayout(loader), getRequest(PATH));
    expect(page.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(PATH)}`);
    await expectGuarded(action, PATH, valid);
    expect(await db.ledPanel.count()).toBe(0);
  });

  it("creates a panel with a photo in blog-media, bumps the content version and says so", async () => {
    const cookie = await sessionCookie();
    const before = await currentContentVersion();
    const response = await responseOf(action, formRequest(PATH, { ...valid, photo: png("painel.PNG") }, { cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);
    const panel = await db.ledPanel.findFirstOrThrow();
    expect(panel).toMatchObject({ title: valid.title, primaryFlow: valid.primary_flow, reach: valid.reach, flow: valid.flow });
    expect(panel.photo).toMatch(/^\/media\/blog-media\/painel-[a-z2-7]{13}\.png$/);
    expect(await storedFiles()).toHaveLength(1);
    expect(await currentContentVersion()).toBe(before + 1);
    expect(response.headers.getSetCookie().join(";")).toContain("__toast=");
  });

  it("answers 400 with Portuguese field errors and writes nothing (and keeps the photo already sent)", async () => {
    const cookie = await sessionCookie();
    const before = await storedFiles();
    const { status, body } = await dataOf(action, formRequest(PATH, { title: "Só título", photo: png() }, { cookie }));
    expect(status).toBe(400);
    expect(body.lastResult?.error).toMatchObject({
      primary_flow: ["Fluxo principal é obrigatório"],
      reach: ["Alcance é obrigatório"],
      flow: ["Fluxo é obrigatório"],
      description: ["Descrição é obrigatória"],
    });
    expect(await db.ledPanel.count({ where: { title: "Só título" } })).toBe(0);
    // The photo already sent is kept and offered again, so it need not be chosen again.
    const kept = body.kept?.photo;
    expect(kept).toBeTruthy();
    expect(await storedFiles()).toEqual([...before, kept!.split("/").pop()!].sort());
  });

  it("keeps the previous photo when the new upload fails, and still saves the rest", async () => {
    const cookie = await sessionCookie();
    await responseOf(action, formRequest(PATH, { ...valid, title: "Com foto", photo: png() }, { cookie }));
    const panel = await db.ledPanel.findFirstOrThrow({ where: { title: "Com foto" } });
    const response = await responseOf(action, formRequest(PATH, { ...valid, id: panel.id, title: "Com foto editado", photo: fakePng() }, { cookie }));
    expect(response.status).toBe(302);
    const updated = await db.ledPanel.findUniqueOrThrow({ where: { id: panel.id } });
    expect(updated.title).toBe("Com foto editado");
    expect(updated.photo).toBe(panel.photo);
  });

  it("replacing the photo or deleting the panel keeps the files: only the media library deletes them", async () => {
    const cookie = await sessionCookie();
    await responseOf(action, formRequest(PATH, { ...valid, title: "Troca", photo: png() }, { cookie }));
    const panel = await db.ledPanel.findFirstOrThrow({ where: { title: "Troca" } });
    const oldName = panel.photo!.split("/").pop()!;
    await responseOf(action, formRequest(PATH, { ...valid, id: panel.id, title: "Troca", photo: png() }, { cookie }));
    const replaced = await db.ledPanel.findUniqueOrThrow({ where: { id: panel.id } });
    expect(replaced.photo).not.toBe(panel.photo);
    expect(await storedFiles()).toContain(oldName);
    const response = await responseOf(action, formRequest(PATH, { intent: "delete", id: panel.id }, { cookie }));
    expect(response.status).toBe(302);
    expect(await db.ledPanel.findUnique({ where: { id: panel.id } })).toBeNull();
    expect(await storedFiles()).toContain(replaced.photo!.split("/").pop()!);
  });
});
