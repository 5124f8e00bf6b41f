// The production server's building blocks (server/*.ts), without a server.
import { describe, expect, it } from "vitest";
import { compressAsRendered, joinedUntilPause, negotiateEncoding, isCompressible } from "../../server/compression.ts";
import { createBrotliDecompress, createGunzip } from "node:zlib";
import { crossSiteRefusal } from "../../server/csrf.ts";
import { isPublicRead, isStorable, PageCache, storedPage, type StoredPage } from "../../server/page-cache/index.ts";
import { policyPath } from "../../app/lib/request-path.ts";
import { createHash } from "node:crypto";
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

  it("for a cached page, allows by hash only the inline scripts React Router wrote with the render's nonce", async () => {
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const html =
      '<script nonce="n1">window.a=1</script><script type="module" nonce="n1">import "/assets/x.js";</script>' +
      '<script src="/assets/y.js"></script><script type="application/ld+json">{"@type":"Thing"}</script>' +
      // Inline scripts that did not come with the nonce: markup that slipped into the content.
      '<SCRIPT>b()</SCRIPT ><script nonce="n2">c()</script><script data-nonce="n1">d()</script><script nonce="n1x">e()</script>';
    expect(inlineScriptHashes(html, "n1")).toEqual([sha("window.a=1"), sha('import "/assets/x.js";')]);
    const csp = contentSecurityPolicy({ hashes: inlineScriptHashes(html, "n1") }, options);
    expect(csp).toContain(`script-src 'self' ${sha("window.a=1")} ${sha('import "/assets/x.js";')};`);
    expect(csp).not.toContain("nonce");
    expect(contentSecurityPolicy({ hashes: [] }, options)).toContain("script-src 'self';");
    // What the cache stores carries that policy.
    const page = await storedPage(new Response(html, { headers: { "content-type": "text/html" } }), "n1", options);
    expect(page.headers["content-security-policy"]).toContain(`script-src 'self' ${sha("window.a=1")} ${sha('import "/assets/x.js";')};`);
    expect(page.headers["content-security-policy"]).not.toContain(sha("b()"));
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

  for (const encoding of ["br", "gzip", "identity"] as const) {
    it(`${encoding}: a streamed page's parts arrive as rendered, and what is written at once is sent together`, async () => {
      // Uncompressed answers (a client that accepts no encoding) are joined the same way: each
      // chunk React writes was a system call of its own.
      const [joined, compressor] = encoding === "identity" ? [joinedUntilPause(), null] : compressAsRendered(encoding);
      const output = compressor ? joined.pipe(compressor) : joined;
      const decoded = encoding === "br" ? output.pipe(createBrotliDecompress()) : encoding === "gzip" ? output.pipe(createGunzip()) : output;
      let received = "";
      decoded.on("data", (chunk: Buffer) => (received += chunk.toString()));
      let sentChunks = 0;
      output.on("data", () => sentChunks++);
      const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

      // The shell, written in many small chunks at once (as React writes), then a pause while a
      // part waits for its data: the shell has arrived whole, in one piece (gzip sends its header
      // on its own; a flush per written chunk made 40).
      const shell = Array.from({ length: 40 }, (_, i) => `<div class="card">parte ${i}</div>`);
      for (const chunk of shell) joined.write(chunk);
      await settle();
      expect(received).toBe(shell.join(""));
      expect(sentChunks).toBeLessThanOrEqual(encoding === "identity" ? 1 : 2);

      // The part that waited arrives by itself, before the end.
      joined.write("<p>depois</p>");
      await settle();
      expect(received).toBe(shell.join("") + "<p>depois</p>");

      joined.end("</html>");
      await new Promise((resolve) => decoded.once("end", resolve));
      expect(received).toBe(shell.join("") + "<p>depois</p></html>");
    });
  }
});

describe("the request path every policy reads", () => {
  it("is decoded, resolved and lower-cased as React Router matches routes", () => {
    for (const url of [
      "/ADMIN/configuracoes",
      "/%61dmin/configuracoes",
      "/Admin/Configuracoes?x=1",
      "//admin//configuracoes",
      "/x/../admin/configuracoes",
      "/x/%2e%2e/admin/configuracoes",
    ]) {
      expect(policyPath(url), url).toBe("/admin/configuracoes");
    }
    expect(policyPath("/%E0%A4%A")).toBe("/%e0%a4%a");
    expect(policyPath("/administracao-de-marcas")).toBe("/administracao-de-marcas");
  });

  it("makes the page cache refuse every spelling of a private path, and data requests", () => {
    for (const url of [
      "/admin",
      "/ADMIN",
      "/%61dmin/login",
      "/Healthz",
      "/MEDIA/blog-media/a.png",
      "/api/chat",
      "/%41PI/chat",
      "/servicos.data",
      "/SERVICOS.DATA",
    ]) {
      expect(isPublicRead("GET", policyPath(url)), url).toBe(false);
    }
    expect(isPublicRead("POST", "/")).toBe(false);
    expect(isPublicRead("GET", policyPath("/Servicos"))).toBe(true);
    expect(isPublicRead("HEAD", policyPath("/administracao-de-marcas"))).toBe(true);
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
  const entry = (text: string): StoredPage => {
    const body = Buffer.from(text);
    return { status: 200, headers: {}, body, br: body, gzip: body, etag: `"${text}"` };
  };

  it("checks the content version at most once per interval, and at once after a change is announced", async () => {
    let version = 1;
    let reads = 0;
    const cache = new PageCache({ readVersion: async () => (reads++, version), checkEveryMs: 60_000 });
    expect(await cache.currentVersion()).toBe(1);
    version = 2;
    await Promise.all([cache.currentVersion(), cache.currentVersion(), cache.currentVersion()]);
    expect(reads).toBe(1);
    cache.expireVersion();
    expect(await cache.currentVersion()).toBe(2);
    expect(reads).toBe(2);
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

  it("renders a page once for everyone who asks at once; a render that stores nothing leaves each to their own", async () => {
    const cache = new PageCache({ readVersion: async () => 1 });
    let renders = 0;
    let finish!: () => void;
    const render = async () => {
      renders++;
      await new Promise<void>((r) => (finish = r));
      return entry("página");
    };
    const waiting = Array.from({ length: 20 }, () => cache.fetch(PageCache.key(1, "", "/"), render));
    finish();
    for (const page of await Promise.all(waiting)) expect(page?.body.toString()).toBe("página");
    expect(renders).toBe(1);
    expect(cache.get(PageCache.key(1, "", "/"))?.body.toString()).toBe("página");
    // Another content version is another key: the page is rendered again.
    expect(cache.get(PageCache.key(2, "", "/"))).toBeUndefined();
    expect(await cache.fetch("404", async () => undefined)).toBeUndefined();
    expect(cache.get("404")).toBeUndefined();
  });

  it("serves an entry for a bounded time at most, whatever the content version says", async () => {
    const cache = new PageCache({ readVersion: async () => 1, maxAgeMs: 50 });
    await cache.fetch("|/blog", async () => entry("vazio"));
    expect(cache.get("|/blog")?.body.toString()).toBe("vazio");
    await new Promise((r) => setTimeout(r, 80));
    expect(cache.get("|/blog")).toBeUndefined();
  });

  it("keeps its memory bounded: the least recently used page goes first", async () => {
    // Each entry counts its three bodies: 3 x 100 bytes; a page over a quarter of the whole is never kept.
    const cache = new PageCache({ readVersion: async () => 0, maxBytes: 4 * 300 });
    const big = (name: string) => entry(name.repeat(100));
    for (const name of ["a", "b", "c", "d"]) await cache.fetch(name, async () => big(name));
    cache.get("a");
    await cache.fetch("e", async () => big("e"));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.size).toBe(4);
    await cache.fetch("huge", async () => entry("h".repeat(101)));
    expect(cache.get("huge")).toBeUndefined();
  });
});
