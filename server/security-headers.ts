// The security headers every response carries. The Content-Security-Policy is enforced and
// allows only what the site needs; scripts run only from our origin, and inline scripts only with
// this response's nonce (React Router's inline scripts receive it through <Scripts nonce>) or,
// on a page served from the page cache, by the hashes of the exact inline scripts it contains:
// a nonce replayed to every visitor would be public, and rewriting it per hit would mean
// recompressing the page each time.
import { createHash, randomBytes } from "node:crypto";

export interface SecurityOptions {
  /** Origins that serve uploaded media (the S3 public URL or endpoint), if any. */
  mediaOrigins: string[];
  /** HSTS is only sent in production (browsers ignore it over plain HTTP anyway). */
  production: boolean;
  /**
   * The development server (Vite): its hot reload injects the app's style sheets as <style>
   * elements, which carry the page's nonce, so style-src names that nonce too.
   */
  viteStyles?: boolean;
}

const VIDEO_FRAMES = ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com"];
// The contact and diagnostic forms answer with a redirect to WhatsApp; Chromium checks
// form-action on every hop of that redirect chain.
const FORM_TARGETS = ["https://wa.me", "https://api.whatsapp.com", "https://web.whatsapp.com"];

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Origins (scheme://host:port) of the configured media store, from S3_PUBLIC_URL / S3_ENDPOINT. */
export function mediaOriginsFromEnv(source: Record<string, string | undefined>): string[] {
  const origins = new Set<string>();
  for (const value of [source.S3_PUBLIC_URL, source.S3_ENDPOINT]) {
    if (!value) continue;
    try {
      origins.add(new URL(value).origin);
    } catch {
      // env.server.ts refuses malformed URLs at start-up; nothing to allow here.
    }
  }
  return [...origins];
}

/**
 * Which inline scripts may run: those with this nonce, those with these hashes, or none (null).
 * With hashes, `styleNonce` is the nonce the page was rendered with, for the development
 * server's injected styles only (see viteStyles).
 */
export type InlineScripts = string | { hashes: string[]; styleNonce?: string } | null;

/**
 * The CSP hash sources ('sha256-...') of the inline scripts of an HTML page that carry `nonce`:
 * those React Router emitted for the render that used that nonce. Anything else inline in the
 * page (markup that slipped into content, say) did not know the nonce and gets no hash.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1]!;
    // Scripts loaded from a URL are allowed by 'self'; JSON data blocks are never run.
    if (/\ssrc\s*=/i.test(attributes) || /\stype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    // React writes attributes with double quotes; the nonce is base64, never escaped.
    if (!attributes.includes(` nonce="${nonce}"`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2]!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export function contentSecurityPolicy(inline: InlineScripts, options: SecurityOptions): string {
  const media = ["'self'", "data:", "blob:", ...options.mediaOrigins].join(" ");
  const scripts = typeof inline === "string" ? `'self' 'nonce-${inline}'` : inline && inline.hashes.length > 0 ? `'self' ${inline.hashes.join(" ")}` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // Style sheets only from our origin; style *attributes* are allowed because server-rendered
    // markup uses a few (the honeypot's off-screen box). They cannot load code or read the page.
    options.viteStyles && inline ? `style-src 'self' 'nonce-${typeof inline === "string" ? inline : inline.styleNonce}'` : "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    `img-src ${media}`,
    `media-src ${media}`,
    "font-src 'self'",
    `frame-src ${VIDEO_FRAMES.join(" ")}`,
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${FORM_TARGETS.join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  `autoplay=(self ${VIDEO_FRAMES.map((o) => `"${o}"`).join(" ")})`,
  `fullscreen=(self ${VIDEO_FRAMES.map((o) => `"${o}"`).join(" ")})`,
  `picture-in-picture=(self ${VIDEO_FRAMES.map((o) => `"${o}"`).join(" ")})`,
].join(", ");

/** The headers to set on a response; `inline` is null for responses that are not documents. */
export function securityHeaders(inline: InlineScripts, options: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(inline, options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (options.production) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
