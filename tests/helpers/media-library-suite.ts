// The media library's route suite, run once per backend (tests/routes/media-library-local.test.ts
// and media-library-s3.test.ts): upload and list in /admin/midia, pick a stored file in a
// section's form, refuse to delete a file in use, delete an unused one, and keep shared files
// when a row is replaced or deleted. Modules load after `configure` (S3 variables are read at import).
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { bufferedFormRequest, formRequest, getRequest, routeArgs } from "./request";

type Fixtures = typeof import("../routes/admin-fixtures");
type Library = typeof import("~/routes/admin.midia");
type Upload = typeof import("~/routes/admin.midia.enviar");
type LibraryServer = typeof import("~/lib/media/library.server");
type Portfolio = typeof import("~/routes/admin.portfolio");
type Led = typeof import("~/routes/admin.led-panels");
type Storage = typeof import("~/lib/storage/index.server");
type Db = typeof import("~/lib/db.server");
type Img = typeof import("~/routes/img");
type Usage = typeof import("~/lib/media/usage.server");

export function mediaLibrarySuite(name: string, configure: () => Promise<void>) {
  describe(`media library on ${name}`, () => {
    let fx: Fixtures;
    let library: Library;
    let uploadRoute: Upload;
    let libraryServer: LibraryServer;
    let portfolio: Portfolio;
    let led: Led;
    let store: Storage;
    let db: Db["db"];
    let usage: Usage;
    let img: Img;
    let cookie = "";

    beforeAll(async () => {
      await configure();
      fx = await import("../routes/admin-fixtures");
      library = await import("~/routes/admin.midia");
      uploadRoute = await import("~/routes/admin.midia.enviar");
      libraryServer = await import("~/lib/media/library.server");
      portfolio = await import("~/routes/admin.portfolio");
      led = await import("~/routes/admin.led-panels");
      store = await import("~/lib/storage/index.server");
      db = (await import("~/lib/db.server")).db;
      usage = await import("~/lib/media/usage.server");
      img = await import("~/routes/img");
      cookie = await fx.sessionCookie();
    });

    const list = async (query = "") => library.loader(routeArgs(getRequest(`/admin/midia${query}`, { cookie })));
    const upload = async (fields: Record<string, string | Blob>) =>
      fx.call(fx.underAdminLayout(library.action), formRequest("/admin/midia", { intent: "upload", ...fields }, { cookie }));
    /** Uploads one file through the library and returns its URL. */
    const uploadOne = async (field: "arquivo_portfolio" | "arquivo_blog", file: File) => {
      const before = new Set((await list()).files.map((f) => f.url));
      const response = await fx.responseOf(library.action, fx.formRequest("/admin/midia", { intent: "upload", [field]: file }, { cookie }));
      expect(response.status).toBe(302);
      const added = (await list()).files.filter((f) => !before.has(f.url));
      expect(added).toHaveLength(1);
      return added[0]!;
    };
    const exists = async (url: string) => {
      const object = store.objectFromUrl(url)!;
      return (await (await store.storage()).head(object.bucket, object.key)) !== null;
    };
    const savePortfolio = (fields: Record<string, string | Blob>) =>
      fx.call(portfolio.action, formRequest("/admin/portfolio", { title: "Projeto", category: "IA", description: "D", result: "R", ...fields }, { cookie }));

    it("is guarded like every admin page", async () => {
      await fx.expectGuarded(library.action, "/admin/midia", { intent: "delete", id: "portfolio-media/x.png" });
    });

    it("uploads into either bucket and lists the files, filterable by bucket and type", async () => {
      const image = await uploadOne("arquivo_portfolio", fx.png("capa.png"));
      const video = await uploadOne("arquivo_blog", fx.mp4("clipe.mp4"));
      expect(image).toMatchObject({ bucket: "portfolio-media", type: "image", usedBy: [] });
      expect(image.size).toBeGreaterThan(fx.PNG_BYTES.length); // fx.png() numbers its bytes
      expect(image.key).toMatch(/^biblioteca\/capa-[a-z2-7]{13}\.png$/);
      expect(video).toMatchObject({ bucket: "blog-media", type: "video" });
      expect(await exists(image.url)).toBe(true);

      const blogOnly = await list("?bucket=blog-media");
      expect(blogOnly.files.every((f) => f.bucket === "blog-media")).toBe(true);
      expect(blogOnly.files.map((f) => f.url)).toContain(video.url);
      const images = await list("?tipo=imagem");
      expect(images.files.every((f) => f.type === "image")).toBe(true);
      expect(images.files.map((f) => f.url)).toContain(image.url);
      expect((await list("?tipo=video&bucket=portfolio-media")).files.map((f) => f.url)).not.toContain(image.url);
      // A name every object inherits is no type: no filter, every file listed.
      const everything = (await list()).files.map((f) => f.url);
      for (const inherited of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
        expect(
          (await list(`?tipo=${inherited}`)).files.map((f) => f.url),
          inherited,
        ).toEqual(everything);
      }
    });

    it("refuses an upload with no file or a file that is not media", async () => {
      const empty = await upload({});
      expect(empty).toMatchObject({ init: { status: 400 } });
      const fake = await fx.dataOf(library.action, await bufferedFormRequest("/admin/midia", { intent: "upload", arquivo_blog: fx.fakePng() }, { cookie }));
      expect(fake.status).toBe(400);
      expect(fake.body.toast?.description).toBe("Por favor, selecione uma imagem ou vídeo.");
    });

    it("saves a section's row with a file picked from the library, and then refuses to delete that file", async () => {
      const image = await uploadOne("arquivo_portfolio", fx.png());
      const title = `Com arquivo da biblioteca ${Date.now()}`;
      const saved = await savePortfolio({ title, cover_image_biblioteca: image.url });
      expect(saved).toBeInstanceOf(Response);
      const row = await db.portfolioItem.findFirstOrThrow({ where: { title } });
      expect(row.coverImage).toBe(image.url);

      const listed = (await list()).files.find((f) => f.url === image.url)!;
      expect(listed.usedBy).toEqual([{ section: "Portfólio", row: title, editTo: `/admin/portfolio?editar=${row.id}` }]);
      expect(await usage.isInUse(image.url)).toBe(true);

      const refused = await fx.dataOf(fx.underAdminLayout(library.action), formRequest("/admin/midia", { intent: "delete", id: image.id }, { cookie }));
      expect(refused.status).toBe(409);
      expect(refused.body.toast?.description).toBe(
        `Este arquivo não pode ser excluído porque está em uso em Portfólio: “${title}”. Troque o arquivo nesses registros antes de excluí-lo.`,
      );
      expect(await exists(image.url)).toBe(true);

      // Deleting the only row that used it keeps the file: it stays in the library, unused.
      await fx.responseOf(portfolio.action, formRequest("/admin/portfolio", { intent: "delete", id: row.id }, { cookie }));
      expect(await exists(image.url)).toBe(true);
      expect((await list()).files.find((f) => f.url === image.url)?.usedBy).toEqual([]);
    });

    it("deletes an unused file", async () => {
      const image = await uploadOne("arquivo_blog", fx.png());
      const response = await fx.responseOf(library.action, formRequest("/admin/midia", { intent: "delete", id: image.id }, { cookie }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin/midia");
      expect(await exists(image.url)).toBe(false);
      expect((await list()).files.map((f) => f.url)).not.toContain(image.url);
      const again = await fx.dataOf(library.action, formRequest("/admin/midia", { intent: "delete", id: image.id }, { cookie }));
      expect(again.status).toBe(404);
      const invalid = await fx.dataOf(library.action, formRequest("/admin/midia", { intent: "delete", id: "outro-bucket/../x" }, { cookie }));
      expect(invalid.status).toBe(400);
    });

    it("deletes every resized copy of a deleted file: /img answers as for a missing file at every width and format", async () => {
      const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 30 } } })
        .png()
        .toBuffer();
      const image = await uploadOne("arquivo_portfolio", new File([bytes], "foto-privada.png", { type: "image/png" }));
      const resized = async (width: number, accept: string) =>
        (await img.loader(routeArgs(getRequest(`/img?src=${encodeURIComponent(image.url)}&w=${width}`, { headers: { Accept: accept } })))) as Response;
      const asked = [
        [320, "image/webp"],
        [640, "image/webp"],
        [640, "image/png"],
      ] as const;
      // Each twice: made and written to disk, then served from the cache (small ones from memory).
      for (const [width, accept] of asked) {
        for (let i = 0; i < 2; i++) expect((await resized(width, accept)).status, `${width} ${accept}`).toBe(200);
      }

      const response = await fx.responseOf(library.action, formRequest("/admin/midia", { intent: "delete", id: image.id }, { cookie }));
      expect(response.status).toBe(302);
      expect(await exists(image.url)).toBe(false);
      for (const [width, accept] of [...asked, [160, "image/avif"]] as const) {
        expect((await resized(width, accept)).status, `${width} ${accept}`).toBe(404);
      }
    });

    it("accepts only files of our storage, of the field's type, and never deletes a picked file when the save fails", async () => {
      const image = await uploadOne("arquivo_portfolio", fx.png());
      const video = await uploadOne("arquivo_portfolio", fx.mp4());
      const before = await db.portfolioItem.count();

      const foreign = await fx.dataOf(
        portfolio.action,
        formRequest(
          "/admin/portfolio",
          { title: "X", category: "IA", description: "D", result: "R", cover_image_biblioteca: "https://exemplo.com/a.png" },
          { cookie },
        ),
      );
      expect(foreign.status).toBe(400);
      expect(foreign.body.lastResult?.error?.cover_image).toEqual(["O arquivo escolhido não está na biblioteca de mídia."]);
      const missing = image.url.replace(/\.png$/, "-nao-existe.png");
      const gone = await fx.dataOf(
        portfolio.action,
        formRequest("/admin/portfolio", { title: "X", category: "IA", description: "D", result: "R", cover_image_biblioteca: missing }, { cookie }),
      );
      expect(gone.status).toBe(400);

      const wrongType = await fx.dataOf(
        led.action,
        formRequest("/admin/led-panels", { title: "P", primary_flow: "1", reach: "2", flow: "3", description: "D", photo_biblioteca: video.url }, { cookie }),
      );
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.lastResult?.error?.photo).toEqual(["Escolha uma imagem da biblioteca para este campo."]);

      const invalid = await fx.dataOf(
        portfolio.action,
        formRequest("/admin/portfolio", { title: "", category: "IA", description: "D", result: "R", cover_image_biblioteca: image.url }, { cookie }),
      );
      expect(invalid.status).toBe(400);
      expect(await db.portfolioItem.count()).toBe(before);
      expect(await exists(image.url)).toBe(true);

      // A new upload wins over a pick, and the picked file stays.
      const title = `Upload vence ${Date.now()}`;
      await savePortfolio({ title, cover_image: fx.png(), cover_image_biblioteca: image.url });
      const row = await db.portfolioItem.findFirstOrThrow({ where: { title } });
      expect(row.coverImage).not.toBe(image.url);
      expect(await exists(image.url)).toBe(true);
      await fx.responseOf(portfolio.action, formRequest("/admin/portfolio", { intent: "delete", id: row.id }, { cookie }));
    });

    it("never deletes a file when a row replaces it or is deleted: files go only from the library", async () => {
      const shared = await uploadOne("arquivo_portfolio", fx.png());
      const [a, b] = [`Compartilha A ${Date.now()}`, `Compartilha B ${Date.now()}`];
      await savePortfolio({ title: a, cover_image_biblioteca: shared.url });
      await savePortfolio({ title: b, cover_image_biblioteca: shared.url });
      const rowA = await db.portfolioItem.findFirstOrThrow({ where: { title: a } });
      const rowB = await db.portfolioItem.findFirstOrThrow({ where: { title: b } });
      expect((await usage.usagesOf(shared.url)).map((u) => u.row).sort()).toEqual([a, b].sort());

      // A replaces its cover with a new upload: B still uses the shared file.
      await savePortfolio({ id: rowA.id, title: a, cover_image: fx.png() });
      const replaced = await db.portfolioItem.findUniqueOrThrow({ where: { id: rowA.id } });
      expect(replaced.coverImage).not.toBe(shared.url);
      expect(await exists(shared.url)).toBe(true);
      // B is deleted: nothing uses the file any more, and it stays in the library, listed unused.
      await fx.responseOf(portfolio.action, formRequest("/admin/portfolio", { intent: "delete", id: rowB.id }, { cookie }));
      expect(await exists(shared.url)).toBe(true);
      // A's own upload (through the row's field) stays too when A is deleted.
      await fx.responseOf(portfolio.action, formRequest("/admin/portfolio", { intent: "delete", id: rowA.id }, { cookie }));
      expect(await exists(replaced.coverImage!)).toBe(true);
      const listed = (await list()).files.filter((f) => f.url === shared.url || f.url === replaced.coverImage);
      expect(listed.map((f) => f.usedBy)).toEqual([[], []]);
      // Only the library deletes them.
      for (const file of listed) {
        const response = await fx.responseOf(library.action, formRequest("/admin/midia", { intent: "delete", id: file.id }, { cookie }));
        expect(response.status).toBe(302);
        expect(await exists(file.url)).toBe(false);
      }
    });

    it("recognises every spelling of a stored file: in use, library picks, replace and delete", async () => {
      const image = await uploadOne("arquivo_blog", fx.png());
      const { bucket, key } = store.objectFromUrl(image.url)!;
      const site = process.env.SITE_URL ?? "http://localhost:3000";
      const encoded = key.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
      const spellings = [
        image.url,
        `/media/${bucket}/${key}`,
        `${site}/media/${bucket}/${key}`,
        site.toUpperCase().replace("HTTP", "http") + `/media/${bucket}/${key}`,
        `/media/${bucket}/${encoded}`,
        `/media/${encodeURIComponent(bucket)}/${encodeURIComponent(key)}`,
        `/media/./${bucket}/./${key}`,
        `/media//${bucket}//${key}`,
        `/media/outro/../${bucket}/${key}`,
        `/media/${bucket}/%2E/${key}`,
        `${site}/media/${bucket}/${key}?v=2#x`,
        `/img?src=${encodeURIComponent(`${site}/media/${bucket}/${key}`)}&w=640`,
        `${site}/img?src=${encodeURIComponent(`/media/${bucket}/${encoded}`)}`,
      ];
      if (process.env.S3_ENDPOINT) {
        const s3 = process.env.S3_ENDPOINT.replace(/\/+$/, "");
        spellings.push(`${s3}/${bucket}/${key}`, `${s3}/${bucket}/./${encoded}`, `${s3}//${bucket}/${key}`);
      }
      for (const spelling of spellings) {
        expect(store.objectFromUrl(spelling), spelling).toEqual({ bucket, key });
        // In a post's HTML (also HTML-escaped), and as a typed list entry.
        const post = await db.blogPost.create({
          data: {
            title: `Grafia ${spelling}`,
            slug: `grafia-${Date.now()}-${Math.random().toString(36).slice(2)}`,
            coverImage: "/demo/capa.jpg",
            excerpt: "E",
            content: `<p><img src="${spelling.replaceAll("&", "&amp;").replaceAll("/", "&#x2F;")}" alt=""></p>`,
          },
        });
        expect(
          (await usage.usagesOf(image.url)).map((u) => u.row),
          spelling,
        ).toEqual([`Grafia ${spelling}`]);
        expect(
          (await usage.usagesOf(spelling)).map((u) => u.row),
          spelling,
        ).toEqual([`Grafia ${spelling}`]);
        const refused = await fx.dataOf(library.action, formRequest("/admin/midia", { intent: "delete", id: image.id }, { cookie }));
        expect(refused.status, spelling).toBe(409);
        await db.blogPost.delete({ where: { id: post.id } });

        const item = await db.portfolioItem.create({ data: { title: `Lista ${spelling}`, category: "IA", description: "D", result: "R", images: [spelling] } });
        expect(
          (await usage.usagesOf(image.url)).map((u) => u.row),
          spelling,
        ).toEqual([`Lista ${spelling}`]);
        await db.portfolioItem.delete({ where: { id: item.id } });

        // Picked from the library in this spelling: accepted, stored in the store's own spelling.
        const title = `Escolha ${spelling}`;
        const saved = await savePortfolio({ title, cover_image_biblioteca: spelling });
        expect(saved, spelling).toBeInstanceOf(Response);
        const row = await db.portfolioItem.findFirstOrThrow({ where: { title } });
        expect(row.coverImage).toBe(image.url);
        // Replaced, then deleted: the file stays.
        await savePortfolio({ id: row.id, title, cover_image: fx.png() });
        await fx.responseOf(portfolio.action, formRequest("/admin/portfolio", { intent: "delete", id: row.id }, { cookie }));
        expect(await exists(image.url), spelling).toBe(true);
      }
      // Look-alikes are other files, or none.
      for (const other of [`/media/${bucket}/${key}x`, `/media/${bucket}/../${key}`, `https://exemplo.com/media/${bucket}/${key}`, `/midia/${bucket}/${key}`]) {
        expect(store.objectFromUrl(other)?.key === key && store.objectFromUrl(other)?.bucket === bucket, other).toBe(false);
      }
      expect(await usage.isInUse(image.url)).toBe(false);
    });

    it("counts URL lists and images in blog HTML as uses", async () => {
      const inList = await uploadOne("arquivo_portfolio", fx.png());
      const inHtml = await uploadOne("arquivo_blog", fx.png());
      const item = await db.portfolioItem.create({ data: { title: "Galeria", category: "IA", description: "D", result: "R", images: [inList.url] } });
      const post = await db.blogPost.create({
        data: {
          title: "Post com imagem",
          slug: `post-imagem-${Date.now()}`,
          coverImage: "/demo/capa.jpg",
          excerpt: "E",
          content: `<p>Texto</p><img src="/img?src=${encodeURIComponent(inHtml.url)}&amp;w=640" alt="x">`,
        },
      });
      expect(await usage.usagesOf(inList.url)).toEqual([{ section: "Portfólio", row: "Galeria", editTo: `/admin/portfolio?editar=${item.id}` }]);
      expect(await usage.usagesOf(inHtml.url)).toEqual([{ section: "Blog", row: "Post com imagem", editTo: `/admin/blog?editar=${post.id}` }]);
      const refused = await fx.dataOf(library.action, formRequest("/admin/midia", { intent: "delete", id: inHtml.id }, { cookie }));
      expect(refused.status).toBe(409);
      expect(refused.body.toast?.description).toContain("Blog: “Post com imagem”");
      await db.portfolioItem.delete({ where: { id: item.id } });
      await db.blogPost.delete({ where: { id: post.id } });
      expect(await usage.isInUse(inList.url)).toBe(false);
    });

    it("pages through a large library, 24 files a page", async () => {
      const { Readable } = await import("node:stream");
      const backend = await store.storage();
      const keys = Array.from({ length: 25 }, (_, i) => `paginacao/${String(i).padStart(2, "0")}.png`);
      for (const key of keys) await backend.put("blog-media", key, Readable.from([fx.PNG_BYTES]), "image/png");
      try {
        const first = await list("?bucket=blog-media");
        expect(first.files).toHaveLength(24);
        expect(first.pages).toBe(Math.ceil(first.total / 24));
        const last = await list(`?bucket=blog-media&pagina=${first.pages}`);
        expect(last.page).toBe(first.pages);
        const all = [first, ...(await Promise.all(Array.from({ length: first.pages - 1 }, (_, i) => list(`?bucket=blog-media&pagina=${i + 2}`))))];
        const keysListed = all.flatMap((p) => p.files.map((f) => f.key));
        expect(new Set(keysListed).size).toBe(first.total);
        expect(keysListed).toEqual(expect.arrayContaining(keys));
        expect((await list("?bucket=blog-media&pagina=999")).page).toBe(first.pages);
      } finally {
        for (const key of keys) await backend.delete("blog-media", key);
      }
    });

    it("in picker mode links each file back to the form page with its URL", async () => {
      const image = await uploadOne("arquivo_portfolio", fx.png());
      const data = await list(`?escolher=cover_image&voltar=${encodeURIComponent("/admin/portfolio?novo")}&tipo=imagem`);
      expect(data.picker).toEqual({ field: "cover_image", returnTo: "/admin/portfolio?novo" });
      expect(data.files.map((f) => f.url)).toContain(image.url);
      const outside = await list(`?escolher=cover_image&voltar=${encodeURIComponent("https://evil.example/")}`);
      expect(outside.picker).toBeNull();
    });

    /** Sends one file through the upload route (as the forms do with JavaScript). */
    const send = (destino: string, fields: Record<string, string | Blob>) =>
      fx.call(uploadRoute.action, formRequest(`/admin/midia/enviar?destino=${encodeURIComponent(destino)}`, fields, { cookie }));
    const json = async (result: unknown) => {
      expect(result).toBeInstanceOf(Response);
      const response = result as Response;
      return {
        status: response.status,
        body: (await response.json()) as { file?: { url: string; name: string; alt: string; caption: string }; error?: string },
      };
    };

    it("keeps each file's own name, made safe and unique, and existing random names keep working", async () => {
      // Its own name, then a random token (tests/helpers/media-route-suite.ts: "stored names").
      const first = await uploadOne("arquivo_portfolio", fx.png("foto-equipe-wind.png"));
      expect(first.name).toMatch(/^foto-equipe-wind-[a-z2-7]{13}\.png$/);
      expect(first.key).toBe(`biblioteca/${first.name}`);
      const second = await uploadOne("arquivo_portfolio", fx.png("foto-equipe-wind.png"));
      expect(second.key).toMatch(/^biblioteca\/foto-equipe-wind-[a-z2-7]{13}\.png$/);
      expect(second.key).not.toBe(first.key);
      expect(await exists(first.url)).toBe(true);
      // Path tricks, unsafe characters and accents; a name with nothing left; another bucket keeps its own count.
      for (const [sent, key] of [
        ["../../Relatório Ânual <script>.PNG", "biblioteca/relatorio-anual-script.png"],
        ["C:\\fotos\\Ação & Cia.png", "biblioteca/acao-cia.png"],
        ["%2e%2e%2fsegredo.png", "biblioteca/2e-2e-2fsegredo.png"],
        ["....png", "biblioteca/arquivo.png"],
        ["ñandú.jpeg", "biblioteca/nandu.png"],
      ] as const) {
        const file = await uploadOne("arquivo_portfolio", fx.png(sent));
        expect(file.key, sent).toMatch(new RegExp(`^${key.replace(/\.png$/, "")}-[a-z2-7]{13}\\.png$`));
        expect(store.isSafeKey(file.key)).toBe(true);
      }
      const { Readable } = await import("node:stream");
      const backend = await store.storage();
      await backend.put("portfolio-media", "17956620123456789.png", Readable.from([fx.PNG_BYTES]), "image/png");
      const old = (await list()).files.find((f) => f.key === "17956620123456789.png");
      expect(old?.name).toBe("17956620123456789.png");
      const deleted = await fx.responseOf(library.action, formRequest("/admin/midia", { intent: "delete", id: old!.id }, { cookie }));
      expect(deleted.status).toBe(302);
    });

    it("the upload route stores one file under its field's rules and answers JSON; the form then saves it as a library pick", async () => {
      const title = `Capa enviada antes ${Date.now()}`;
      const sent = await json(await send("portfolio:cover_image", { alt: "  Equipe   reunida ", legenda: "Na sede", arquivo: fx.png("Capa Nova.png") }));
      expect(sent.status).toBe(201);
      expect(sent.body.file).toMatchObject({ alt: "Equipe reunida", caption: "Na sede" });
      expect(sent.body.file!.name).toMatch(/^capa-nova-[a-z2-7]{13}\.png$/);
      expect(store.objectFromUrl(sent.body.file!.url)).toEqual({ bucket: "portfolio-media", key: sent.body.file!.name });
      const listed = (await list("?busca=capa nova")).files.find((f) => f.url === sent.body.file!.url);
      expect(listed).toMatchObject({ alt: "Equipe reunida", caption: "Na sede" });
      await savePortfolio({ title, cover_image_biblioteca: sent.body.file!.url });
      expect((await db.portfolioItem.findFirstOrThrow({ where: { title } })).coverImage).toBe(sent.body.file!.url);
      // Named by file name in the activity log, never by storage path.
      const entry = await db.activityEntry.findFirstOrThrow({ where: { section: "midia", action: "upload" }, orderBy: { id: "desc" } });
      expect(entry.targetLabel).toBe(sent.body.file!.name);

      // Each field's own rules: a course video goes to its folder, a LED photo must be an image.
      const video = await json(await send("course-testimonials:video_url", { arquivo: fx.mp4("Depoimento.mp4") }));
      expect(video.body.file!.name).toMatch(/^depoimento-[a-z2-7]{13}\.mp4$/);
      expect(store.objectFromUrl(video.body.file!.url)).toEqual({ bucket: "portfolio-media", key: `course-testimonials/${video.body.file!.name}` });
      const wrong = await json(await send("led-panels:photo", { arquivo: fx.mp4() }));
      expect(wrong).toEqual({ status: 400, body: { error: "Por favor, selecione uma imagem." } });
      expect(await json(await send("portfolio:cover_image", { arquivo: fx.fakePng() }))).toEqual({
        status: 400,
        body: { error: "Por favor, selecione uma imagem ou vídeo." },
      });
      expect(await json(await send("portfolio:cover_image", {}))).toEqual({ status: 400, body: { error: "Selecione um arquivo para enviar." } });
      for (const unknown of ["portfolio:title", "nada:arquivo", "constructor:constructor", "portfolio:__proto__", ""]) {
        expect(await json(await send(unknown, { arquivo: fx.png() })), unknown).toEqual({ status: 400, body: { error: "Este campo não recebe arquivos." } });
      }
    });

    it("a file sent again is not stored again: the library's file is used and the toast says so (library page, upload route, a section's form)", async () => {
      const count = async () => (await list()).total;
      // The library page: the second time, no copy, and its alt text given now is kept on the library's file.
      const first = await uploadOne("arquivo_portfolio", fx.samePng("reenviada.png"));
      const before = await count();
      const again = await fx.responseOf(
        library.action,
        formRequest("/admin/midia", { intent: "upload", arquivo_portfolio: fx.samePng("outro-nome.png"), alt: "Foto reenviada" }, { cookie }),
      );
      expect(again.status).toBe(302);
      expect(await fx.toastOf(again)).toEqual({
        type: "success",
        title: "Arquivo já na biblioteca",
        description: `“${first.name}” já está na biblioteca: nenhuma cópia foi criada.`,
      });
      expect(await count()).toBe(before);
      expect((await list()).files.find((f) => f.url === first.url)?.alt).toBe("Foto reenviada");

      // The upload route (forms with JavaScript): the file of that place (a cover goes to the bucket's root).
      const cover = await json(await send("portfolio:cover_image", { arquivo: fx.samePng("capa.png") }));
      expect(cover.status).toBe(201);
      const coverAgain = await json(await send("portfolio:cover_image", { arquivo: fx.samePng("capa.png") }));
      expect(coverAgain).toMatchObject({ status: 200, body: { file: { url: cover.body.file!.url, alreadyInLibrary: true } } });
      expect(await count()).toBe(before + 1);

      // A section's form without JavaScript: saved with the library's file, and told so after its own words.
      const title = `Capa reenviada ${Date.now()}`;
      const saved = (await savePortfolio({ title, cover_image: fx.samePng("capa (1).png") })) as Response;
      expect(await fx.toastOf(saved)).toEqual({
        type: "success",
        title: "Projeto criado",
        description: `O novo projeto foi adicionado com sucesso. “${cover.body.file!.name}” já está na biblioteca: nenhuma cópia foi criada.`,
      });
      const row = await db.portfolioItem.findFirstOrThrow({ where: { title } });
      expect(row.coverImage).toBe(cover.body.file!.url);
      expect(await count()).toBe(before + 1);
      // Other bytes are another file.
      expect((await json(await send("portfolio:cover_image", { arquivo: fx.png("capa.png") }))).status).toBe(201);
      await fx.responseOf(portfolio.action, formRequest("/admin/portfolio", { intent: "delete", id: row.id }, { cookie }));
    });

    it("the upload route is guarded like every admin page", async () => {
      await fx.expectGuarded(uploadRoute.action, "/admin/midia/enviar?destino=midia:arquivo_blog", { arquivo: fx.png() });
    });

    it("alt text and caption are editable later and used where the image's row has none", async () => {
      const image = await uploadOne("arquivo_blog", fx.png("grafico-vendas.png"));
      expect(image.alt).toBe("");
      const back = "/admin/midia?busca=grafico&pagina=1";
      const response = await fx.responseOf(
        library.action,
        formRequest("/admin/midia", { intent: "alt", id: image.id, alt: "Gráfico de vendas em alta", legenda: "Vendas de 2026", voltar: back }, { cookie }),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(back);
      const listed = (await list("?busca=grafico")).files.find((f) => f.id === image.id)!;
      expect(listed).toMatchObject({ alt: "Gráfico de vendas em alta", caption: "Vendas de 2026" });
      // Any spelling of the file finds its alt text.
      const spelled = `${process.env.SITE_URL ?? "http://localhost:3000"}/img?src=${encodeURIComponent(image.url)}&w=640`;
      const alts = await libraryServer.libraryAltTexts([image.url, spelled, "https://exemplo.com/x.png", null]);
      expect(Object.fromEntries(alts)).toEqual({ [image.url]: "Gráfico de vendas em alta", [spelled]: "Gráfico de vendas em alta" });
      // The public post shows it where the post gives no alt text: its cover, and a content image with an empty alt.
      const blogPage = await import("~/routes/_site.blog.$slug");
      const slug = `alt-da-biblioteca-${Date.now()}`;
      await db.blogPost.create({
        data: {
          title: "Post com gráfico",
          slug,
          coverImage: image.url,
          excerpt: "E",
          content: `<p><img src="${image.url}" alt=""></p><p><img src="${image.url}" alt="Escrito no post"></p>`,
          isPublished: true,
          publishedAt: new Date(Date.now() - 60_000),
        },
      });
      const page = (await blogPage.loader(routeArgs(getRequest(`/blog/${slug}`), { slug }))) as { post: { coverAlt?: string; html: string } };
      expect(page.post.coverAlt).toBe("Gráfico de vendas em alta");
      expect(page.post.html).toContain('alt="Gráfico de vendas em alta"');
      expect(page.post.html).toContain('alt="Escrito no post"');
      // The admin's preview shows the post as its public page does.
      const preview = await import("~/routes/admin_.blog.preview.$id");
      const row = await db.blogPost.findUniqueOrThrow({ where: { slug } });
      const previewed = (await preview.loader(routeArgs(getRequest(`/admin/blog/preview/${row.id}`, { cookie }), { id: row.id }))) as {
        preview: { post: { coverAlt?: string; html: string } };
      };
      expect(previewed.preview.post.coverAlt).toBe("Gráfico de vendas em alta");
      expect(previewed.preview.post.html).toContain('alt="Gráfico de vendas em alta"');
      await db.blogPost.deleteMany({ where: { slug } });
      // Elsewhere than the library is refused; a missing file is 404.
      const outside = await fx.responseOf(
        library.action,
        formRequest("/admin/midia", { intent: "alt", id: image.id, alt: "x", voltar: "https://evil.example/" }, { cookie }),
      );
      expect(outside.headers.get("Location")).toBe("/admin/midia");
      const missing = await fx.dataOf(library.action, formRequest("/admin/midia", { intent: "alt", id: "blog-media/nao-existe.png", alt: "x" }, { cookie }));
      expect(missing.status).toBe(404);
      // A deleted file's name is never given again (its address was cached as immutable).
      await fx.responseOf(library.action, formRequest("/admin/midia", { intent: "delete", id: image.id }, { cookie }));
      const again = await uploadOne("arquivo_blog", fx.png("grafico-vendas.png"));
      expect(again.key).toMatch(/^biblioteca\/grafico-vendas-[a-z2-7]{13}\.png$/);
      expect(again.key).not.toBe(image.key);
      expect(again.alt).toBe("");
    });

    it("searches by name (accents and case aside) with a GET form", async () => {
      const file = await uploadOne("arquivo_blog", fx.png("Reunião Anual.png"));
      for (const search of ["reuniao", "REUNIÃO anual", "anual.png", "reuniao-anual"]) {
        expect(
          (await list(`?busca=${encodeURIComponent(search)}`)).files.map((f) => f.id),
          search,
        ).toContain(file.id);
      }
      const none = await list("?busca=nao-existe-nenhum");
      expect(none).toMatchObject({ files: [], total: 0, filters: { busca: "nao-existe-nenhum" } });
    });

    it("deletes selected unused files at once, after a confirmation listing them; files in use are refused and kept", async () => {
      const [a, b, used] = [
        await uploadOne("arquivo_blog", fx.png("lote-a.png")),
        await uploadOne("arquivo_blog", fx.png("lote-b.png")),
        await uploadOne("arquivo_blog", fx.png("lote-usado.png")),
      ];
      const title = `Usa o lote ${Date.now()}`;
      await savePortfolio({ title, cover_image_biblioteca: used.url });
      const query = [a, b, used].map((f) => `excluir=${encodeURIComponent(f.id)}`).join("&");
      const confirming = await list(`?${query}`);
      expect(confirming.deleting.map((f) => [f.name, f.usedBy.length])).toEqual(
        expect.arrayContaining([
          [a.name, 0],
          [b.name, 0],
          [used.name, 1],
        ]),
      );
      expect((await list("?acao=excluir")).nothingSelected).toBe(true);

      const refused = await fx.dataOf(library.action, formRequest("/admin/midia", { intent: "delete", id: [a.id, b.id, used.id] }, { cookie }));
      expect(refused.status).toBe(409);
      expect(refused.body.toast).toEqual({
        type: "error",
        title: "Arquivo em uso",
        description: `Este arquivo foi mantido: “${used.name}” está em uso em Portfólio: “${title}”. Os outros 2 arquivos foram excluídos.`,
      });
      expect([await exists(a.url), await exists(b.url), await exists(used.url)]).toEqual([false, false, true]);

      const [c, d] = [await uploadOne("arquivo_blog", fx.png("lote-c.png")), await uploadOne("arquivo_portfolio", fx.png("lote-d.png"))];
      const both = await fx.responseOf(library.action, formRequest("/admin/midia", { intent: "delete", id: [c.id, d.id] }, { cookie }));
      expect(both.status).toBe(302);
      expect([await exists(c.url), await exists(d.url)]).toEqual([false, false]);
      const logged = await db.activityEntry.findMany({ where: { section: "midia", action: "delete_file" }, orderBy: { id: "desc" }, take: 2 });
      expect(logged.map((entry) => entry.targetLabel).sort()).toEqual([c.name, d.name].sort());
    });
  });
}
