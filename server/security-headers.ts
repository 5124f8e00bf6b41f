// The security headers every response carries. The Content-Security-Policy is enforced and
// allows only what the site needs; scripts run only from our origin or with this request's
// nonce (React Router's inline scripts receive it through <Scripts nonce>).
import { randomBytes } from "node:crypto";

export interface SecurityOptions {
  /** Origins that serve uploaded media (the S3 public URL or endpoint), if any. */
  mediaOrigins: string[];
  /** HSTS is only sent in production (browsers ignore it over plain HTTP anyway). */
  production: boolean;
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

export function contentSecurityPolicy(nonce: string | null, options: SecurityOptions): string {
  const media = ["'self'", "data:", "blob:", ...options.mediaOrigins].join(" ");
  const scripts = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // Style sheets only from our origin; style *attributes* are allowed because server-rendered
    // markup uses a few (the honeypot's off-screen box). They cannot load code or read the page.
    "style-src 'self'",
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

/** The headers to set on a response; `nonce` is null for responses that are not documents. */
export function securityHeaders(nonce: string | null, options: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(nonce, options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (options.production) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
