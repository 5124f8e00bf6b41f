// The alt text and caption staff give an image when they upload it from a section's form, kept
// with the file in the media library: without JavaScript they are posted with the form
// (`<field>_alt`, `<field>_legenda`), with JavaScript the upload route gets them with the file and
// the form is saved with the file as a library pick. Every image field of every section, on
// SQLite or PostgreSQL (TEST_DATABASE).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { descriptionFields, libraryField } from "~/lib/media/library";
import { objectFromUrl } from "~/lib/storage/index.server";
import { UPLOAD_TARGETS } from "~/lib/media/upload-targets.server";
import * as blog from "~/routes/admin.blog";
import * as logos from "~/routes/admin.client-logos";
import * as led from "~/routes/admin.led-panels";
import * as portfolio from "~/routes/admin.portfolio";
import * as films from "~/routes/admin.window-films-portfolio";
import * as upload from "~/routes/admin.midia.enviar";
import { call, dataOf, formRequest, mp4, png, responseOf, sessionCookie } from "./admin-fixtures";

type Action = Parameters<typeof call>[0];

/** Each section with image fields: its action and the fields a valid save needs besides the file. */
const SECTIONS: Record<string, { action: Action; valid: () => Record<string, string> }> = {
  portfolio: { action: portfolio.action as Action, valid: () => ({ title: "Loja Bella", category: "Social Media", description: "Gestão.", result: "+300%" }) },
  "led-panels": {
    action: led.action as Action,
    valid: () => ({ title: "Panel 02 - Centro", primary_flow: "50 mil/dia", reach: "1,5 mi/mês", flow: "Alto", description: "Painel." }),
  },
  "window-films-portfolio": { action: films.action as Action, valid: () => ({ title: "Institucional Acme", category: "Corporativo" }) },
  "client-logos": { action: logos.action as Action, valid: () => ({ client_name: "Acme" }) },
  blog: { action: blog.action as Action, valid: () => ({ title: `Post ${randomUUID()}`, excerpt: "Resumo.", content: "<p>Texto</p>", is_published: "on" }) },
};

/** Every upload field of the sections' forms that takes images (videos have no alt text). */
const IMAGE_FIELDS = Object.entries(UPLOAD_TARGETS)
  .filter(([section]) => section !== "midia")
  .flatMap(([section, fields]) => Object.entries(fields).map(([field, rule]) => ({ section, field, accept: rule.accept as string })))
  .filter(({ accept }) => accept !== "video");

/** A blog post needs a cover: its own file when the field sent is another one. */
function otherCover(section: string, field: string): Record<string, Blob> {
  return section === "blog" && field !== "cover_image" ? { cover_image: png(`capa-${randomUUID().slice(0, 8)}.png`) } : {};
}

/** What the stored name of a file sent as `name` holds: its name without the extension (a random token follows). */
const readable = (name: string) => name.replace(/\.[a-z0-9]+$/, "-");

/** The library's words of the file sent as `name`. */
async function wordsOf(name: string) {
  const row = await db.mediaFile.findFirstOrThrow({ where: { key: { contains: readable(name) } } });
  return { alt: row.alt, caption: row.caption };
}

describe("alt text and caption given at upload", () => {
  it("every section with an image field is covered here", () => {
    expect(new Set(IMAGE_FIELDS.map(({ section }) => section))).toEqual(new Set(Object.keys(SECTIONS)));
  });

  it.each(IMAGE_FIELDS)("without JavaScript: $section's $field keeps the alt text and caption posted with the form", async ({ section, field }) => {
    const cookie = await sessionCookie();
    const name = `sem-js-${randomUUID().slice(0, 8)}.png`;
    const words = descriptionFields(field);
    const cover = otherCover(section, field);
    const response = await responseOf(
      SECTIONS[section]!.action,
      formRequest(
        `/admin/${section}`,
        { ...SECTIONS[section]!.valid(), ...cover, [field]: png(name), [words.alt]: "  Equipe   reunida na sede ", [words.caption]: "Inauguração, 2026" },
        { cookie },
      ),
    );
    expect(response.status).toBe(302);
    expect(await wordsOf(name)).toEqual({ alt: "Equipe reunida na sede", caption: "Inauguração, 2026" });
  });

  it("without JavaScript, a refused save keeps the file it stored described, and offers it again", async () => {
    const cookie = await sessionCookie();
    const name = `recusado-${randomUUID().slice(0, 8)}.png`;
    const { status, body } = await dataOf(
      portfolio.action as Action,
      formRequest("/admin/portfolio", { title: "", category: "IA", cover_image: png(name), cover_image_alt: "Fachada da loja" }, { cookie }),
    );
    expect(status).toBe(400);
    expect(body.kept?.cover_image).toContain(readable(name));
    expect(await wordsOf(name)).toEqual({ alt: "Fachada da loja", caption: "" });
  });

  it("a video sent in a field that takes images or videos gets no alt text, and a file sent without words keeps none", async () => {
    const cookie = await sessionCookie();
    const video = `clipe-${randomUUID().slice(0, 8)}.mp4`;
    const plain = `sem-texto-${randomUUID().slice(0, 8)}.png`;
    for (const [file, name] of [
      [mp4(video), video],
      [png(plain), plain],
    ] as const) {
      const fields = {
        ...SECTIONS.portfolio!.valid(),
        cover_image: file,
        ...(name === video ? { cover_image_alt: "Não é imagem", cover_image_legenda: "x" } : {}),
      };
      expect((await responseOf(portfolio.action as Action, formRequest("/admin/portfolio", fields, { cookie }))).status).toBe(302);
      expect(await wordsOf(name)).toEqual({ alt: "", caption: "" });
    }
  });

  it("with JavaScript: the upload route keeps the words sent with the file, and the form saves the file as its pick", async () => {
    const cookie = await sessionCookie();
    for (const { section, field } of IMAGE_FIELDS) {
      const name = `com-js-${randomUUID().slice(0, 8)}.png`;
      const sent = await responseOf(
        upload.action as Action,
        formRequest(`/admin/midia/enviar?destino=${section}:${field}`, { alt: "Gráfico de vendas", legenda: "Vendas de 2026", arquivo: png(name) }, { cookie }),
      );
      expect(sent.status, `${section} ${field}`).toBe(201);
      const { file } = (await sent.json()) as { file: { url: string; alt: string; caption: string } };
      expect(file).toMatchObject({ alt: "Gráfico de vendas", caption: "Vendas de 2026" });
      const cover = otherCover(section, field);
      const saved = await responseOf(
        SECTIONS[section]!.action,
        formRequest(`/admin/${section}`, { ...SECTIONS[section]!.valid(), ...cover, [libraryField(field)]: file.url }, { cookie }),
      );
      expect(saved.status, `${section} ${field}`).toBe(302);
      expect(objectFromUrl(file.url)?.key).toContain(readable(name));
      expect(await wordsOf(name)).toEqual({ alt: "Gráfico de vendas", caption: "Vendas de 2026" });
    }
  });
});
