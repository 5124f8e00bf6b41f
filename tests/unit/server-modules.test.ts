// The production server's building blocks (server/*.ts), without a server.
import { describe, expect, it } from "vitest";
import { negotiateEncoding, isCompressible } from "../../server/compression.ts";
import { crossSiteRefusal } from "../../server/csrf.ts";
import { etagOf, isStorable, pageCacheKey, PageCache, sharedCookies, type CachedPage } from "../../server/page-cache.ts";
import { personalize, personalizeGzip, type Replacement } from "../../server/personal-page.ts";
import { assembleGzip, crc32Combine, gzipPiece } from "../../server/gzip-pieces.ts";
import { createHash, randomBytes } from "node:crypto";
import { crc32, gunzipSync } from "node:zlib";
import { contentSecurityPolicy, inlineScriptHashes, mediaOriginsFromEnv, securityHeaders } from "../../server/security-headers.ts";

const options = { mediaOrigins: [], production: true };

describe("content security policy", () => {
  it("allows scripts only from our origin and the nonce, and nothing inline or evaluated", () => {
    const csp = contentSecurityPolicy("abc123", options);
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("adds the S3 media origin to images and media when it is configured", () => {
    const origins = mediaOriginsFromEnv({ S3_PUBLIC_URL: "https://cdn.example.com/bucket/", S3_ENDPOINT: "http://s3.local:9000" });
    expect(origins).toEqual(["https://cdn.example.com", "http://s3.local:9000"]);
    const csp = contentSecurityPolicy(null, { mediaOrigins: origins, production: true });
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.com http://s3.local:9000");
    expect(csp).toContain("media-src 'self' data: blob: https://cdn.example.com http://s3.local:9000");
    expect(csp).toContain("script-src 'self';");
    expect(mediaOriginsFromEnv({})).toEqual([]);
  });

  it("for a cached page, allows its own inline scripts by hash, not by a nonce every visitor has seen", () => {
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const html =
      '<script nonce="n1">window.a=1</script><script type="module" nonce="n1">import "/assets/x.js";</script>' +
      '<script src="/assets/y.js"></script><script type="application/ld+json">{"@type":"Thing"}</script><SCRIPT>b()</SCRIPT >';
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import "/assets/x.js";'), sha("b()")]);
    const csp = contentSecurityPolicy({ hashes: inlineScriptHashes(html) }, options);
    expect(csp).toContain(`script-src 'self' ${sha("window.a=1")} ${sha('import "/assets/x.js";')} ${sha("b()")};`);
    expect(csp).not.toContain("nonce");
    expect(contentSecurityPolicy({ hashes: [] }, options)).toContain("script-src 'self';");
  });

  it("sends HSTS in production only", () => {
    expect(securityHeaders(null, options)["Strict-Transport-Security"]).toMatch(/max-age=31536000/);
    expect(securityHeaders(null, { ...options, production: false })["Strict-Transport-Security"]).toBeUndefined();
  });
});

describe("CSRF check", () => {
  const site = "https://winddigital.com.br";
  const headers = (h: Record<string, string>) => ({ host: "winddigital.com.br", ...h });

  it("refuses writes announced as cross-site or same-site by the browser", () => {
    expect(crossSiteRefusal("POST", headers({ "sec-fetch-site": "cross-site" }), site)).toMatch(/cross-site/);
    expect(crossSiteRefusal("DELETE", headers({ "sec-fetch-site": "same-site" }), site)).toMatch(/same-site/);
  });

  it("refuses writes whose Origin is not ours", () => {
    expect(crossSiteRefusal("POST", headers({ origin: "https://evil.example" }), site)).toMatch(/evil/);
    expect(crossSiteRefusal("POST", headers({ origin: "null" }), site)).not.toBeNull();
    expect(crossSiteRefusal("PUT", headers({ origin: "https://winddigital.com.br.evil.example" }), site)).not.toBeNull();
  });

  it("accepts our own origin (SITE_URL or the Host), user-initiated and non-browser requests, and every GET", () => {
    expect(crossSiteRefusal("POST", headers({ origin: site, "sec-fetch-site": "same-origin" }), site)).toBeNull();
    expect(crossSiteRefusal("POST", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }, site)).toBeNull();
    expect(crossSiteRefusal("POST", headers({ "sec-fetch-site": "none" }), site)).toBeNull();
    expect(crossSiteRefusal("POST", headers({}), site)).toBeNull();
    expect(crossSiteRefusal("GET", headers({ origin: "https://evil.example", "sec-fetch-site": "cross-site" }), site)).toBeNull();
  });
});

describe("compression", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("identity")).toBe("identity");
    expect(negotiateEncoding(undefined)).toBe("identity");
  });

  it("compresses text but not images or video", () => {
    expect(isCompressible("text/html; charset=utf-8")).toBe(true);
    expect(isCompressible("application/json")).toBe(true);
    expect(isCompressible("image/svg+xml")).toBe(true);
    expect(isCompressible("image/webp")).toBe(false);
    expect(isCompressible("video/mp4")).toBe(false);
  });
});

describe("page cache key", () => {
  const personalCookies = new Set(["__chat", "__toast"]);
  const key = (method: string, url: string, headers: Record<string, string>) => pageCacheKey(method, url, headers, personalCookies);

  it("keys GETs by URL and consent choice", () => {
    expect(key("GET", "/servicos", {})).toEqual({ key: "|/servicos", personal: false });
    expect(key("HEAD", "/servicos", {})).toEqual({ key: "|/servicos", personal: false });
    expect(key("GET", "/", { cookie: "cookieConsent=accepted" })).toEqual({ key: "accepted|/", personal: false });
    expect(key("GET", "/", { cookie: "cookieConsent=<script>" })).toEqual({ key: "|/", personal: false });
  });

  it("gives a visitor with a chat conversation or a toast the shared entry, marked personal", () => {
    expect(key("GET", "/servicos", { cookie: "__chat=abc" })).toEqual({ key: "|/servicos", personal: true });
    expect(key("GET", "/", { cookie: "cookieConsent=accepted; __toast=x; __chat=y" })).toEqual({ key: "accepted|/", personal: true });
    // Their data requests carry the personal parts in the loaders' data: never from the cache.
    expect(key("GET", "/servicos.data", { cookie: "__chat=abc" })).toBeNull();
    expect(key("GET", "/servicos.data", {})).toEqual({ key: "|/servicos.data", personal: false });
  });

  it("refuses anything else personal or private", () => {
    expect(key("POST", "/", {})).toBeNull();
    for (const cookie of ["__admin_session=x", "__admin_device=x", "outro=1", "__chat=x; __admin_session=x"]) {
      expect(key("GET", "/", { cookie })).toBeNull();
    }
    // Without the list of personal cookies, they are as private as any other.
    expect(pageCacheKey("GET", "/", { cookie: "__chat=x" })).toBeNull();
    for (const path of ["/admin", "/admin/login", "/healthz", "/media/blog-media/a.png", "/api/chat"]) {
      expect(key("GET", path, {})).toBeNull();
    }
    expect(key("GET", "/", { authorization: "Basic x" })).toBeNull();
    expect(key("GET", "/administracao-de-marcas", {})).toEqual({ key: "|/administracao-de-marcas", personal: false });
  });

  it("keeps only the consent cookie for the shared render", () => {
    expect(sharedCookies("__chat=a; cookieConsent=accepted; __toast=b")).toBe("cookieConsent=accepted");
    expect(sharedCookies("__chat=a")).toBe("");
    expect(sharedCookies(undefined)).toBe("");
  });
});

describe("a personal copy of a cached page", () => {
  const body = Buffer.from('<html><body><main>olá</main><div id="chat"><p>vazio</p></div><div role="status"></div><script>x</script></body></html>');
  const cachedPage = (bytes: Buffer): CachedPage => ({ status: 200, headers: {}, body: bytes, br: Buffer.alloc(0), gzip: Buffer.alloc(0), etag: "" });
  const page = cachedPage(body);
  const dataBlock = { anonymous: "</body>", personal: '<script type="application/json">{}</script></body>' };
  /** Both ways of making the copy, uncompressed. */
  const copies = async (of: CachedPage, replacements: Replacement[]) => {
    const gzip = await personalizeGzip(of, replacements);
    return [personalize(of, replacements)?.toString() ?? null, gzip ? gunzipSync(gzip).toString() : null];
  };

  it("replaces each anonymous fragment, in place, uncompressed and as gzip", async () => {
    const expected =
      '<html><body><main>olá</main><div id="chat"><p>Você: oi</p></div><div role="status"><p>Pronto</p></div><script>x</script><script type="application/json">{}</script></body></html>';
    const replacements = [
      { anonymous: "<p>vazio</p>", personal: "<p>Você: oi</p>" },
      dataBlock,
      { anonymous: '<div role="status"></div>', personal: '<div role="status"><p>Pronto</p></div>' },
    ];
    expect(await copies(page, replacements)).toEqual([expected, expected]);
  });

  it("gives each visitor their own parts from the same page, however often it is copied", async () => {
    const forVisitor = (name: string) => [{ anonymous: "<p>vazio</p>", personal: `<p>${name}</p>` }, dataBlock];
    for (let round = 0; round < 3; round++) {
      for (const name of ["Ana", "Bruno", "Carla"]) {
        for (const copy of await copies(page, forVisitor(name))) {
          expect(copy).toContain(`<p>${name}</p>`);
          expect(copy?.match(/<p>(Ana|Bruno|Carla)<\/p>/g)).toHaveLength(1);
        }
      }
    }
  });

  it("gives up (null) when a fragment is not in the page", async () => {
    expect(await copies(page, [{ anonymous: "<p>outro</p>", personal: "" }])).toEqual([null, null]);
  });

  it("takes the last occurrence: page content earlier cannot be mistaken for the fragment", async () => {
    const tricky = cachedPage(Buffer.from("<main><p>vazio</p></main><aside><p>vazio</p></aside></body>"));
    const expected = "<main><p>vazio</p></main><aside><p>meu</p></aside></body>";
    expect(await copies(tricky, [{ anonymous: "<p>vazio</p>", personal: "<p>meu</p>" }])).toEqual([expected, expected]);
  });
});

describe("gzip put together from pieces", () => {
  it("combines CRC-32s as if the bytes had been read in one go", () => {
    for (let i = 0; i < 100; i++) {
      const a = randomBytes(i * 37);
      const b = randomBytes((i * 7919) % 70_000);
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });

  it("makes one gzip member that any decoder reads back, CRC and length checked", async () => {
    const texts = ["<html>", "", "olá, ".repeat(5000), "x", randomBytes(3000).toString("base64"), "€😀".repeat(100)];
    const gzip = assembleGzip(await Promise.all(texts.map((text, i) => gzipPiece(text, i % 2 === 0 ? 9 : 1))));
    expect(gunzipSync(gzip).toString()).toBe(texts.join(""));
    expect(gzip.length).toBeLessThan(Buffer.byteLength(texts.join("")) / 2);
    expect(gunzipSync(assembleGzip([]))).toHaveLength(0);
  });
});

describe("what may be stored", () => {
  const page = (init: ResponseInit & { type?: string }) =>
    new Response("<html></html>", { status: 200, ...init, headers: { "content-type": init.type ?? "text/html; charset=utf-8", ...init.headers } });

  it("stores 200 HTML without cookies or private caching", () => {
    expect(isStorable(page({}))).toBe(true);
  });

  it("never stores a response that sets a cookie, is private, not HTML or not 200", () => {
    expect(isStorable(page({ headers: { "set-cookie": "__toast=; Max-Age=0" } }))).toBe(false);
    expect(isStorable(page({ headers: { "cache-control": "private, no-store" } }))).toBe(false);
    expect(isStorable(page({ type: "application/json" }))).toBe(false);
    expect(isStorable(page({ status: 404 }))).toBe(false);
    expect(isStorable(page({ headers: { vary: "User-Agent" } }))).toBe(false);
  });
});

describe("PageCache", () => {
  const entry = (text: string): CachedPage => {
    const body = Buffer.from(text);
    return { status: 200, headers: {}, body, br: body, gzip: body, etag: etagOf(body) };
  };

  it("stops answering with a page when the content version changes, checking at most once per interval", async () => {
    let version = 1;
    let reads = 0;
    const cache = new PageCache({ readVersion: async () => (reads++, version), checkEveryMs: 50 });
    expect(await cache.currentVersion()).toBe(1);
    cache.set("|/", entry("a"), 1);
    expect(cache.get("|/")?.body.toString()).toBe("a");
    expect(cache.earlier("|/")).toBeUndefined();
    version = 2;
    await Promise.all([cache.currentVersion(), cache.currentVersion(), cache.currentVersion()]);
    expect(reads).toBe(1);
    expect(cache.get("|/")).toBeDefined();
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.currentVersion()).toBe(2);
    expect(cache.get("|/")).toBeUndefined();
    // Kept as an earlier page, served again only once renewed for the current version.
    const earlier = cache.earlier("|/");
    expect(earlier?.body.toString()).toBe("a");
    expect(cache.renew("|/", earlier!, 1)).toBe(false);
    expect(cache.get("|/")).toBeUndefined();
    expect(cache.renew("|/", earlier!, 2)).toBe(true);
    expect(cache.get("|/")?.body.toString()).toBe("a");
    expect(cache.earlier("|/")).toBeUndefined();
  });

  it("by default reads the version for every request, sharing reads, and never answers from a read that predates the request", async () => {
    let version = 1;
    let reads = 0;
    let release!: () => void;
    const cache = new PageCache({
      readVersion: async () => {
        reads++;
        const seen = version;
        await new Promise<void>((r) => (release = r));
        return seen;
      },
    });
    const first = cache.currentVersion(); // a read starts while the version is 1...
    version = 2; // ...then another instance writes
    const later = [cache.currentVersion(), cache.currentVersion(), cache.currentVersion()];
    release();
    expect(await first).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    release();
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
    expect(reads).toBe(2);
  });

  it("a change announced while a read is under way is read again, not trusted for the interval", async () => {
    let version = 1;
    let release!: () => void;
    const cache = new PageCache({
      readVersion: async () => {
        const seen = version;
        await new Promise<void>((r) => (release = r));
        return seen;
      },
      checkEveryMs: 60_000,
    });
    const stale = cache.currentVersion(); // reads 1...
    version = 2;
    cache.expireVersion(); // ...while another instance announces its write
    release();
    expect(await stale).toBe(1);
    const next = cache.currentVersion();
    release();
    expect(await next).toBe(2);
  });

  it("re-reads the version right after a write and never stores a page rendered before a change", async () => {
    let version = 1;
    const cache = new PageCache({ readVersion: async () => version, checkEveryMs: 60_000 });
    await cache.currentVersion();
    version = 2;
    cache.expireVersion();
    expect(await cache.currentVersion()).toBe(2);
    cache.set("|/", entry("old"), 1);
    expect(cache.get("|/")).toBeUndefined();
  });

  it("serves an entry for a bounded time at most, whatever the content version says", async () => {
    const cache = new PageCache({ readVersion: async () => 1, maxAgeMs: 50 });
    const version = await cache.currentVersion();
    cache.set("|/blog", entry("vazio"), version);
    expect(cache.get("|/blog")?.body.toString()).toBe("vazio");
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get("|/blog")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("evicts the least recently used page beyond its limits", async () => {
    const cache = new PageCache({ readVersion: async () => 0, maxEntries: 2 });
    await cache.currentVersion();
    cache.set("a", entry("a"), 0);
    cache.set("b", entry("b"), 0);
    cache.get("a");
    cache.set("c", entry("c"), 0);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.size).toBe(2);
  });
});
