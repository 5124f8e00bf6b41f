// /admin/configuracoes: the agency's contact facts an admin changes without a new build.
// The admin route's loader and action against the real database (guard, Portuguese errors with
// nothing written, normalised values saved and the content version bumped), then the production
// server over HTTP: with its page cache warm, a save through the admin makes every public page,
// the structured data and the chat's own answers show the new values at once, and none of the
// old ones. A settings table that cannot be read falls back without breaking a page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { currentContentVersion, bumpContentVersion } from "~/lib/content-version.server";
import { defaultSiteSettings, formatPhone } from "~/lib/site-settings";
import { phoneDigits } from "~/lib/phone-input";
import { getSiteSettings } from "~/lib/site-settings.server";
import { site } from "~/content/site";
import * as settingsRoute from "~/routes/admin.configuracoes";
import { loader as layoutLoader } from "~/routes/_site";
import { demoSettingsForm as demoForm } from "../helpers/settings-form";
import { dataOf, expectGuarded, formRequest, getRequest, responseOf, routeArgs, sessionCookie, underAdminLayout } from "./admin-fixtures";
import { startServer, type RunningServer } from "../helpers/platform-server";
import { expectErrorOutput } from "../helpers/error-trap";

const PATH = "/admin/configuracoes";

/** The stored columns of some settings (what the seed writes). */
function rowOf(s: typeof defaultSiteSettings) {
  return {
    legalName: s.legalName,
    cnpj: s.cnpj,
    salesPhone: s.salesPhone,
    videoPhone: s.videoPhone,
    ceoPhone: s.ceoPhone,
    email: s.email,
    street: s.address.street,
    city: s.address.city,
    state: s.address.state,
    postalCode: s.address.postalCode,
    mapsUrl: s.mapsUrl,
    hours: s.hours,
  };
}

/** Every value changed, typed the way a person would (punctuation in numbers, lower-case UF). */
const newForm: Record<string, string> = {
  legal_name: "Vento Sul Comunicação Ltda.",
  cnpj: "98765432000110",
  sales_phone: "+55 (11) 91234-5678",
  video_phone: "(11) 98765-4321",
  ceo_phone: "11955554444",
  email: "ola@ventosul.com.br",
  street: "Rua Augusta, 500, Conj. 12 - Consolação",
  city: "São Paulo",
  state: "sp",
  postal_code: "01305000",
  maps_url: "https://maps.example.com/ventosul",
  hours: "Seg-Sáb 8h-20h",
  facebook_url: "https://www.facebook.com/ventosul",
  instagram_url: "https://www.instagram.com/ventosul",
  instagram_ceo_url: "https://www.instagram.com/ventosul.ceo",
  linkedin_url: "https://www.linkedin.com/company/ventosul",
  tiktok_url: "https://www.tiktok.com/@ventosul",
  youtube_url: "",
};

/** What must no longer appear anywhere once newForm is saved. */
const OLD_VALUES = [
  site.salesPhone,
  formatPhone(site.salesPhone),
  site.videoPhone,
  formatPhone(site.videoPhone),
  site.ceoPhone,
  site.email,
  site.cnpj,
  site.legalName,
  site.address.street,
  site.address.postalCode,
  "query=Av.+T-63",
  site.hours,
  "instagram.com/winddigital",
  "@winddigital",
  "facebook.com/winddigital",
  "linkedin.com/company/winddigital",
  "tiktok.com/@winddigital",
  "youtube.com/@winddigital",
];

describe("/admin/configuracoes (route)", () => {
  it("is guarded (loader and action)", async () => {
    await expectGuarded(settingsRoute.action, PATH, demoForm);
    const anonymous = await responseOf(underAdminLayout(settingsRoute.loader), getRequest(PATH));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await db.siteSettings.count()).toBe(0);
  });

  it("shows the defaults while nothing is saved", async () => {
    const cookie = await sessionCookie();
    const page = (await settingsRoute.loader(routeArgs(getRequest(PATH, { cookie })))) as Awaited<ReturnType<typeof settingsRoute.loader>>;
    expect(page.loadError).toBeNull();
    expect(page.values).toEqual(demoForm);
  });

  it("refuses invalid input with 400, a message in Portuguese next to each field, and writes nothing", async () => {
    const cookie = await sessionCookie();
    const version = await currentContentVersion();
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ sales_phone: "99123-4567" }, { sales_phone: "Informe um número do Brasil com DDD (ex.: (62) 99123-4567)" }],
      [{ sales_phone: "+1 (415) 555-0100" }, { sales_phone: "Informe um número do Brasil com DDD (ex.: (62) 99123-4567)" }],
      [{ video_phone: "55629912345" }, { video_phone: "Informe um número do Brasil com DDD (ex.: (62) 99123-4567)" }],
      [{ ceo_phone: "55 62 9912x4567" }, { ceo_phone: "Informe um número do Brasil com DDD (ex.: (62) 99123-4567)" }],
      [{ email: "contato@" }, { email: "Informe um e-mail válido" }],
      [{ cnpj: "12.345.678/0001" }, { cnpj: "Informe um CNPJ válido (00.000.000/0000-00)" }],
      [{ maps_url: "http://maps.example.com/x" }, { maps_url: "Informe uma URL válida começando com https://" }],
      [{ instagram_url: "javascript:alert(1)" }, { instagram_url: "Informe uma URL válida começando com https://" }],
      [{ facebook_url: "facebook.com/ventosul" }, { facebook_url: "Informe uma URL válida começando com https://" }],
      [{ state: "Goiás" }, { state: "Informe a UF com duas letras (ex.: GO)" }],
      [{ postal_code: "7423" }, { postal_code: "Informe um CEP válido (00000-000)" }],
      [{ legal_name: "" }, { legal_name: "Informe a razão social" }],
      [{ street: "x".repeat(201) }, { street: "Use no máximo 200 caracteres" }],
    ];
    for (const [change, expected] of cases) {
      const { status, body } = await dataOf(settingsRoute.action, formRequest(PATH, { ...demoForm, ...change }, { cookie }));
      expect(status, JSON.stringify(change)).toBe(400);
      for (const [field, message] of Object.entries(expected)) expect(body.lastResult?.error?.[field], field).toEqual([message]);
      expect(body.toast).toEqual({ type: "error", title: "Erro ao salvar configurações", description: "Corrija os campos destacados." });
    }
    // A form missing every field: one message per required field.
    const empty = await dataOf(settingsRoute.action, formRequest(PATH, {}, { cookie }));
    expect(empty.status).toBe(400);
    expect(empty.body.lastResult?.error?.sales_phone).toEqual(["Informe o WhatsApp de vendas"]);
    expect(empty.body.lastResult?.error?.email).toEqual(["Informe o e-mail"]);
    expect(empty.body.lastResult?.error?.facebook_url).toBeUndefined();
    expect(await db.siteSettings.count()).toBe(0);
    expect(await currentContentVersion()).toBe(version);
  });

  it("saves valid input normalised, bumps the content version and comes back with the toast", async () => {
    const cookie = await sessionCookie();
    const version = await currentContentVersion();
    const response = await responseOf(settingsRoute.action, formRequest(PATH, newForm, { cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);
    expect(response.headers.getSetCookie().join(";")).toContain("toast");
    expect(await currentContentVersion()).toBe(version + 1);
    const row = await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
    expect(row).toMatchObject({
      salesPhone: "5511912345678",
      videoPhone: "5511987654321",
      ceoPhone: "5511955554444",
      cnpj: "98.765.432/0001-10",
      state: "SP",
      postalCode: "01305-000",
      email: "ola@ventosul.com.br",
      youtubeUrl: "",
    });
    const page = (await settingsRoute.loader(routeArgs(getRequest(PATH, { cookie })))) as Awaited<ReturnType<typeof settingsRoute.loader>>;
    // Each number comes back as the site shows it, ready to be saved again as it is.
    expect(page.values).toMatchObject({ sales_phone: "(11) 91234-5678", video_phone: "(11) 98765-4321", ceo_phone: "(11) 95555-4444" });
    // The public layout hands the new values to every component.
    const layout = (await layoutLoader(routeArgs(getRequest("/")))) as Awaited<ReturnType<typeof layoutLoader>>;
    expect(layout.settings.salesPhone).toBe("5511912345678");
    expect(layout.settings.address.city).toBe("São Paulo");
    // The footer, sent as markup, is rendered again for the new settings.
    expect(layout.footer.html).toContain("(11) 91234-5678");
    expect(layout.footer.html).toContain("São Paulo");

    // Saving again (an update) works the same way.
    await responseOf(settingsRoute.action, formRequest(PATH, { ...newForm, hours: "Seg-Sex 8h-18h" }, { cookie }));
    expect((await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } })).hours).toBe("Seg-Sex 8h-18h");
    expect(await db.siteSettings.count()).toBe(1);
    await responseOf(settingsRoute.action, formRequest(PATH, newForm, { cookie }));
  });

  it("takes each phone once, in any common format, and stores the digits the WhatsApp links need", async () => {
    const typed = [
      "(62) 99123-4567",
      "+55 62 99123-4567",
      "+55 (62) 99123-4567",
      "62991234567",
      "5562991234567",
      "062 99123-4567",
      " 62 9 9123 4567 ",
      "62.99123.4567",
    ];
    for (const phone of typed) expect(phoneDigits(phone), phone).toBe("5562991234567");
    expect(phoneDigits("(62) 3123-4567")).toBe("556231234567");
    for (const phone of ["99123-4567", "+1 415 555 0100", "+62 99123-4567", "(62) 9912-x4567", "55629912345", "(62) 89123-4567", ""]) {
      expect(phoneDigits(phone), phone).toBeNull();
    }
    expect(formatPhone("5562991234567")).toBe("(62) 99123-4567");
    expect(formatPhone("556231234567")).toBe("(62) 3123-4567");

    const cookie = await sessionCookie();
    const before = await db.siteSettings.findUnique({ where: { id: 1 } });
    for (const phone of typed) {
      const response = await responseOf(settingsRoute.action, formRequest(PATH, { ...demoForm, sales_phone: phone }, { cookie }));
      expect(response.status, phone).toBe(302);
      expect((await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } })).salesPhone, phone).toBe("5562991234567");
    }
    // The form shows no second "as shown on the site" field to fill.
    expect(Object.keys(demoForm).filter((field) => field.includes("display"))).toEqual([]);
    if (before) await db.siteSettings.update({ where: { id: 1 }, data: before });
    else await db.siteSettings.delete({ where: { id: 1 } });
  });

  it("a row saved before (the numbers as digits) keeps working: each number shown formatted, the digits unchanged", async () => {
    const before = await db.siteSettings.findUnique({ where: { id: 1 } });
    await db.siteSettings.upsert({
      where: { id: 1 },
      create: { id: 1, ...rowOf(defaultSiteSettings), salesPhone: "5511912345678", videoPhone: "551133334444" },
      update: { salesPhone: "5511912345678", videoPhone: "551133334444" },
    });
    const settings = await getSiteSettings();
    expect(settings).toMatchObject({
      salesPhone: "5511912345678",
      salesPhoneDisplay: "(11) 91234-5678",
      videoPhone: "551133334444",
      videoPhoneDisplay: "(11) 3333-4444",
    });
    const cookie = await sessionCookie();
    const page = (await settingsRoute.loader(routeArgs(getRequest(PATH, { cookie })))) as Awaited<ReturnType<typeof settingsRoute.loader>>;
    expect(page.values).toMatchObject({ sales_phone: "(11) 91234-5678", video_phone: "(11) 3333-4444" });
    if (before) await db.siteSettings.update({ where: { id: 1 }, data: before });
    else await db.siteSettings.delete({ where: { id: 1 } });
  });

  it("reads give the same object while the values are unchanged, so the markup rendered from it (home sections, footer) is kept", async () => {
    const before = await db.siteSettings.findUnique({ where: { id: 1 } });
    await db.siteSettings.upsert({ where: { id: 1 }, create: { id: 1, ...rowOf(defaultSiteSettings) }, update: rowOf(defaultSiteSettings) });
    const first = await getSiteSettings();
    expect(await getSiteSettings()).toBe(first);
    await db.siteSettings.update({ where: { id: 1 }, data: { hours: "Segunda a sábado, das 8h às 20h" } });
    const changed = await getSiteSettings();
    expect(changed).not.toBe(first);
    expect(changed.hours).toBe("Segunda a sábado, das 8h às 20h");
    expect(await getSiteSettings()).toBe(changed);
    if (before) await db.siteSettings.update({ where: { id: 1 }, data: before });
    else await db.siteSettings.delete({ where: { id: 1 } });
  });

  it("an unreadable settings table never breaks a public page: logged, last values (or the defaults) used", async () => {
    const logged = expectErrorOutput();
    try {
      expect((await getSiteSettings()).email).toBe("ola@ventosul.com.br");
      await db.$executeRawUnsafe("ALTER TABLE site_settings RENAME TO site_settings_away");
      await bumpContentVersion();
      const layout = (await layoutLoader(routeArgs(getRequest("/")))) as Awaited<ReturnType<typeof layoutLoader>>;
      expect(layout.settings.email).toBe("ola@ventosul.com.br");
      expect(
        logged()
          .map((line) => String(line.msg))
          .join(" "),
      ).toContain("site settings unreadable");

      // The admin sees why: the load error above the form, and a save fails with its toast (500).
      const cookie = await sessionCookie();
      const page = (await settingsRoute.loader(routeArgs(getRequest(PATH, { cookie })))) as Awaited<ReturnType<typeof settingsRoute.loader>>;
      expect(page.loadError?.title).toBe("Erro ao carregar configurações");
      const version = await currentContentVersion();
      const failed = await dataOf(settingsRoute.action, formRequest(PATH, demoForm, { cookie }));
      expect(failed.status).toBe(500);
      expect(failed.body.toast).toEqual({ type: "error", title: "Erro ao salvar configurações", description: "Não foi possível salvar as configurações" });
      expect(await currentContentVersion()).toBe(version);
    } finally {
      await db.$executeRawUnsafe("ALTER TABLE site_settings_away RENAME TO site_settings");
    }
  });
});

describe("public site after a change (production server, page cache warm)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Back to the shipped values: an empty table means the defaults.
    await db.siteSettings.deleteMany();
    await bumpContentVersion();
    // The same secret as this process, so the admin session made here is valid there.
    server = await startServer({ DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET });
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  const PAGES = [
    "/",
    "/sobre",
    "/servicos",
    "/portfolio",
    "/led-panels",
    "/window-films",
    "/curso",
    "/blog",
    "/contato",
    "/politica-privacidade",
    "/termos-uso",
  ];
  const get = (path: string, cookie?: string) => fetch(`${server.baseUrl}${path}`, cookie ? { headers: { cookie } } : {});
  /** A visitor whose cookies the page cache does not share: the page is rendered for them, from the reads kept for the content version. */
  const BYPASS = "outro=1";
  const dataUrl = (path: string) => (path === "/" ? "/_.data" : `${path}.data`);
  const chat = (message: string) =>
    fetch(`${server.baseUrl}/api/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.baseUrl },
      body: JSON.stringify({ message }),
    });

  it("shows the new values on every page at once, and none of the old ones", async () => {
    for (const path of PAGES) {
      await get(path);
      const warm = await get(path);
      expect(warm.headers.get("x-cache"), path).toBe("HIT");
      expect(await warm.text(), path).toContain(defaultSiteSettings.salesPhone);
      for (let i = 0; i < 2; i++) {
        const rendered = await get(path, BYPASS);
        expect(rendered.headers.get("x-cache"), path).toBeNull();
        expect(await rendered.text(), path).toContain(defaultSiteSettings.salesPhone);
        expect(await (await get(dataUrl(path))).text(), path).toContain(defaultSiteSettings.email);
      }
    }
    expect((await (await chat("Qual o telefone de vocês?")).json()).reply).toContain(formatPhone(site.salesPhone));

    const cookie = await sessionCookie();
    const body = new FormData();
    for (const [k, v] of Object.entries(newForm)) body.append(k, v);
    const saved = await fetch(`${server.baseUrl}${PATH}`, { method: "POST", body, headers: { Cookie: cookie, Origin: server.baseUrl }, redirect: "manual" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(PATH);

    for (const path of [...PAGES, "/pagina-que-nao-existe"]) {
      for (const cookie of [undefined, BYPASS]) {
        const html = await (await get(path, cookie)).text();
        expect(html, `${path} ${cookie}`).toContain("https://wa.me/5511912345678");
        expect(html, `${path} ${cookie}`).toContain("ola@ventosul.com.br");
        expect(html, `${path} ${cookie}`).toContain("(11) 91234-5678");
        for (const old of OLD_VALUES) expect(html.includes(old), `${path} ${cookie} still shows ${old}`).toBe(false);
      }
      if (path.startsWith("/pagina")) continue;
      const data = await (await get(dataUrl(path))).text();
      expect(data, path).toContain("ola@ventosul.com.br");
      expect(data.includes(defaultSiteSettings.email), `${path}.data still shows the old e-mail`).toBe(false);
    }

    const home = await (await get("/")).text();
    const organization = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!))
      .find((d) => d["@type"] === "ProfessionalService");
    expect(organization).toMatchObject({
      legalName: "Vento Sul Comunicação Ltda.",
      email: "ola@ventosul.com.br",
      telephone: "+5511912345678",
      address: { streetAddress: "Rua Augusta, 500, Conj. 12 - Consolação", addressLocality: "São Paulo", addressRegion: "SP", postalCode: "01305-000" },
      sameAs: [
        "https://www.facebook.com/ventosul",
        "https://www.instagram.com/ventosul",
        "https://www.instagram.com/ventosul.ceo",
        "https://www.linkedin.com/company/ventosul",
        "https://www.tiktok.com/@ventosul",
      ],
    });

    const contact = await (await get("/contato")).text();
    expect(contact).toContain("https://wa.me/5511955554444?text=");
    expect(contact).toContain("Instagram @ventosul");
    expect(contact).toContain("@ventosul.ceo");
    expect(await (await get("/window-films")).text()).toContain("https://wa.me/5511987654321?text=");
    expect(await (await get("/servicos")).text()).toContain("https://wa.me/5511987654321?text=");
    const terms = await (await get("/termos-uso")).text();
    expect(terms).toContain("Vento Sul Comunicação Ltda., inscrita no CNPJ sob o nº 98.765.432/0001-10");
    expect(await (await get("/politica-privacidade")).text()).toContain("98.765.432/0001-10");
    // No YouTube link once it is left empty.
    expect(home).not.toContain("youtube.com");

    const reply = (await (await chat("Qual o telefone e o e-mail de vocês?")).json()).reply as string;
    for (const text of ["(11) 91234-5678", "https://wa.me/5511912345678", "ola@ventosul.com.br", "Rua Augusta, 500", "Seg-Sáb 8h-20h"])
      expect(reply).toContain(text);

    // The contact form (without JavaScript) sends the visitor to the new number.
    const form = new URLSearchParams({ name: "Ana Souza", email: "ana@exemplo.com.br", phone: "62 99999-0000", message: "Quero um site novo" });
    const sent = await fetch(`${server.baseUrl}/contato`, { method: "POST", body: form, headers: { Origin: server.baseUrl }, redirect: "manual" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toMatch(/^https:\/\/wa\.me\/5511912345678\?text=/);
  });
});
