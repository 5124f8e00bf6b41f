// SVG client logos: accepted through the real admin upload route, and made safe by being stored
// as a PNG of the drawing, never as the SVG document (which can carry scripts, handlers, links
// to other files and XML entities). A malicious corpus goes through the upload, then /media and
// /img; "another site" on 127.0.0.2 counts whether rendering ever reached out. A stored SVG (put
// in the store by other means) is served by /media with a policy that runs and loads nothing.
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startOtherHost, bytes, type OtherHost } from "../helpers/other-host";
import { getRequest, routeArgs } from "../helpers/request";
import { BLUR_BOMB, USE_BOMB } from "../helpers/svg-bombs";
import { dataOf, formRequest, responseOf, sessionCookie } from "./admin-fixtures";

process.env.IMG_TEST_ALLOW_HOSTS = "127.0.0.2";

const { db } = await import("~/lib/db.server");
const { action: logosAction } = await import("~/routes/admin.client-logos");
const { action: portfolioAction } = await import("~/routes/admin.portfolio");
const media = await import("~/routes/media.$");
const img = await import("~/routes/img");
const { storage } = await import("~/lib/storage/index.server");
const { INVALID_SVG_MESSAGE } = await import("~/lib/media/svg.server");

const PATH = "/admin/client-logos";
let other: OtherHost;

const svgFile = (text: string, name = "logo.svg") => new File([text], name, { type: "image/svg+xml" });

/** Attacks that must leave a harmless picture (or a refusal) and no request to another site. */
function corpus(origin: string): Record<string, string> {
  const ns = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="120"';
  return {
    script: `<svg ${ns}><script>alert(document.cookie)</script><rect width="300" height="120" fill="#0a6"/></svg>`,
    onload: `<svg ${ns} onload="alert(1)"><rect width="300" height="120" fill="#0a6" onclick="alert(2)"/></svg>`,
    javascriptHref: `<svg ${ns}><a xlink:href="javascript:alert(1)"><rect width="300" height="120" fill="#0a6"/></a><a href="javascript:alert(2)"><text y="20">x</text></a></svg>`,
    foreignObject: `<svg ${ns}><foreignObject width="300" height="120"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"></iframe><img src="${origin}/fo.png"/></body></foreignObject><rect width="10" height="10"/></svg>`,
    externalImage: `<svg ${ns}><image href="${origin}/rastreio.png" width="300" height="120"/><image xlink:href="${origin}/rastreio2.png" width="10" height="10"/><rect width="10" height="10"/></svg>`,
    localFile: `<svg ${ns}><image href="file:///etc/passwd" width="300" height="120"/><image href="/etc/hostname" width="10" height="10"/><rect width="10" height="10"/></svg>`,
    cssImport: `<svg ${ns}><style>@import url(${origin}/estilo.css); rect { fill: url(${origin}/fundo.png) }</style><rect width="300" height="120" style="fill:url(${origin}/inline.png)"/></svg>`,
    use: `<svg ${ns}><use href="${origin}/sprite.svg#logo"/><rect width="10" height="10"/></svg>`,
  };
}

const REFUSED: Record<string, string> = {
  xxe: '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><text y="20">&xxe;</text></svg>',
  billionLaughs:
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&d;</text></svg>',
  xinclude:
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude" width="10" height="10"><xi:include href="file:///etc/passwd" parse="text"/></svg>',
  hugeDimensions: '<svg xmlns="http://www.w3.org/2000/svg" width="10000000" height="10000000"><rect width="10" height="10"/></svg>',
  broken: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect',
};

beforeAll(async () => {
  other = await startOtherHost();
  for (const path of ["/fo.png", "/rastreio.png", "/rastreio2.png", "/fundo.png", "/inline.png", "/sprite.svg"]) {
    other.route(
      path,
      bytes(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: "#f00" } })
          .png()
          .toBuffer(),
        "image/png",
      ),
    );
  }
  other.route("/estilo.css", bytes("rect { fill: red }", "text/css"));
});

afterAll(async () => {
  await other.stop();
});

beforeEach(async () => {
  await rm(process.env.UPLOADS_DIR!, { recursive: true, force: true });
  await db.clientLogo.deleteMany();
});

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(process.env.UPLOADS_DIR!, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.parentPath.includes(".image-cache")).map((e) => join(e.parentPath, e.name));
}

const mediaGet = (url: string) => media.loader(routeArgs(getRequest(url), { "*": url.replace(/^\/media\//, "") })) as Promise<Response>;
const imgGet = (src: string, width: number, accept = "image/webp,*/*") =>
  img.loader(routeArgs(getRequest(`/img?src=${encodeURIComponent(src)}&w=${width}`, { headers: { Accept: accept } }))) as Promise<Response>;

describe("SVG logos through the upload route", () => {
  it("accepts a plain SVG logo and stores a PNG of it, shown by /media and /img", async () => {
    const cookie = await sessionCookie();
    const logo =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- exportado -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 80"><rect width="200" height="80" fill="#0055ff"/></svg>';
    const response = await responseOf(logosAction, formRequest(PATH, { client_name: "Marca SVG", logo_file: svgFile(logo) }, { cookie }));
    expect(response.status).toBe(302);
    const row = await db.clientLogo.findFirstOrThrow({ where: { clientName: "Marca SVG" } });
    expect(row.logoUrl).toMatch(/^\/media\/portfolio-media\/logo-[a-z2-7]{13}\.png$/);

    const served = await mediaGet(row.logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    const png = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, alpha: meta.hasAlpha }).toEqual({
      format: "png",
      width: 1024,
      height: 410,
      alpha: true,
    });
    expect(png.toString("latin1")).not.toContain("<svg");

    const resized = await imgGet(row.logoUrl, 320);
    expect(resized.status).toBe(200);
    expect(resized.headers.get("Content-Type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).width).toBe(320);
  });

  it("turns every attack in the corpus into a harmless picture, and never reaches out", async () => {
    const cookie = await sessionCookie();
    for (const [name, text] of Object.entries(corpus(other.origin))) {
      const response = await responseOf(logosAction, formRequest(PATH, { client_name: name, logo_file: svgFile(text) }, { cookie }));
      expect(response.status, name).toBe(302);
      const row = await db.clientLogo.findFirstOrThrow({ where: { clientName: name } });
      const served = await mediaGet(row.logoUrl);
      expect(served.headers.get("Content-Type"), name).toBe("image/png");
      const body = Buffer.from(await served.arrayBuffer());
      expect((await sharp(body).metadata()).format, name).toBe("png");
      for (const marker of ["<svg", "script", "javascript", "onload", "passwd", "127.0.0.2"])
        expect(body.toString("latin1"), `${name}: ${marker}`).not.toContain(marker);
      expect((await imgGet(row.logoUrl, 160)).status, name).toBe(200);
    }
    expect([...other.hits.keys()]).toEqual([]);
    expect((await storedFiles()).every((file) => file.endsWith(".png"))).toBe(true);
  });

  it("refuses entities (XXE, billion laughs), XInclude, absurd sizes and broken files: 400 next to the field, nothing stored", async () => {
    const cookie = await sessionCookie();
    for (const [name, text] of Object.entries(REFUSED)) {
      const started = Date.now();
      const { status, body } = await dataOf(logosAction, formRequest(PATH, { client_name: name, logo_file: svgFile(text) }, { cookie }));
      expect(status, name).toBe(400);
      expect(body.lastResult!.error!.logo_file, name).toEqual([INVALID_SVG_MESSAGE]);
      expect(Date.now() - started, name).toBeLessThan(5_000);
    }
    expect(await db.clientLogo.count()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses the render bombs (nested <use>, a huge blur) within the render budget, and the next logo still renders", { timeout: 60_000 }, async () => {
    const cookie = await sessionCookie();
    for (const [name, text] of Object.entries({ use: USE_BOMB, blur: BLUR_BOMB })) {
      const started = Date.now();
      const { status, body } = await dataOf(logosAction, formRequest(PATH, { client_name: name, logo_file: svgFile(text) }, { cookie }));
      expect(status, name).toBe(400);
      expect(body.lastResult!.error!.logo_file, name).toEqual([INVALID_SVG_MESSAGE]);
      // 3 s of rendering, then killed; the renderer's start-up is not counted in its budget.
      expect(Date.now() - started, name).toBeLessThan(15_000);
    }
    expect(await db.clientLogo.count()).toBe(0);
    expect(await storedFiles()).toEqual([]);
    const plain = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><rect width="200" height="80" fill="#0055ff"/></svg>';
    const response = await responseOf(logosAction, formRequest(PATH, { client_name: "Depois", logo_file: svgFile(plain) }, { cookie }));
    expect(response.status).toBe(302);
    expect((await storedFiles()).length).toBe(1);
  });

  it("refuses an SVG over 2 MB (413) and keeps SVG out of fields that are not logos", async () => {
    const cookie = await sessionCookie();
    const big = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><!-- ${"x".repeat(2.2 * 1024 * 1024)} --></svg>`;
    const { status, body } = await dataOf(logosAction, formRequest(PATH, { client_name: "Grande", logo_file: svgFile(big) }, { cookie }));
    expect(status).toBe(413);
    expect(body.lastResult!.error!.logo_file).toEqual(["Arquivo muito grande. O limite é de 2 MB."]);
    const cover = await dataOf(
      portfolioAction,
      formRequest(
        "/admin/portfolio",
        { title: "T", category: "IA", description: "D", result: "R", cover_image: svgFile(Object.values(corpus(other.origin))[0]!) },
        { cookie },
      ),
    );
    expect(cover.status).toBe(400);
    expect(await storedFiles()).toEqual([]);
  });
});

describe("a stored SVG served directly", () => {
  it("answers with a policy that runs nothing, nosniff, and as an attachment", async () => {
    const store = await storage();
    await store.put("portfolio-media", "antigo.svg", Readable.from([Buffer.from(Object.values(corpus(other.origin))[0]!)]), "image/svg+xml");
    const response = await mediaGet("/media/portfolio-media/antigo.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Disposition")).toBe("attachment");
    // /img does not render a stored SVG either: it is not one of the formats it resizes.
    expect((await imgGet("/media/portfolio-media/antigo.svg", 160)).status).toBe(400);
    // A plain picture keeps the headers that let pages show it.
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#00f" } })
      .png()
      .toBuffer();
    await store.put("portfolio-media", "foto.png", Readable.from([png]), "image/png");
    const plain = await mediaGet("/media/portfolio-media/foto.png");
    expect(plain.headers.get("Content-Security-Policy")).toBeNull();
    expect(plain.headers.get("Content-Disposition")).toBeNull();
  });
});

describe("the SVG renderer's budget", () => {
  const plain = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><rect width="200" height="80" fill="#0055ff"/></svg>');

  it("kills a render that passes its memory bound", async () => {
    const { rasterizeSvg, SVG_RENDER_LIMITS, SvgRefused } = await import("~/lib/media/svg.server");
    const previous = SVG_RENDER_LIMITS.maxRssMb;
    SVG_RENDER_LIMITS.maxRssMb = 1; // less than Node itself needs: the renderer is killed as it starts
    try {
      await expect(rasterizeSvg(plain)).rejects.toThrow(SvgRefused);
    } finally {
      SVG_RENDER_LIMITS.maxRssMb = previous;
    }
    expect((await sharp(await rasterizeSvg(plain)).metadata()).format).toBe("png");
  });

  it("renders one at a time and refuses at once beyond the waiting line", { timeout: 60_000 }, async () => {
    const { rasterizeSvg, SVG_RENDER_LIMITS, SvgBusy, SvgRefused } = await import("~/lib/media/svg.server");
    const previous = SVG_RENDER_LIMITS.maxWaiting;
    SVG_RENDER_LIMITS.maxWaiting = 1;
    try {
      const first = rasterizeSvg(Buffer.from(USE_BOMB));
      const second = rasterizeSvg(Buffer.from(BLUR_BOMB));
      const started = Date.now();
      await expect(rasterizeSvg(plain)).rejects.toThrow(SvgBusy);
      expect(Date.now() - started).toBeLessThan(100);
      await expect(first).rejects.toThrow(SvgRefused);
      await expect(second).rejects.toThrow(SvgRefused);
    } finally {
      SVG_RENDER_LIMITS.maxWaiting = previous;
    }
  });
});
