// Keyed hashes for what the server must recognise again but never keep in clear: a visitor's
// address in the rate limits' table, the insights' salt of the day. The key is derived from
// SESSION_SECRET (its first value), which every instance shares and the database never holds, so
// a copy of the database (a backup, a dump) cannot be turned back into addresses or e-mails by
// trying them all: that takes the secret too.
import { createHmac } from "node:crypto";
import { env } from "./env.server.ts";

const secret = env.SESSION_SECRET.split(",")[0]!.trim();

/** One key per purpose, so a hash made for one use says nothing about another. */
const keys = new Map<string, Buffer>();

/** HMAC-SHA-256 of `value` under the key of `purpose`, in base64url (`length` characters). */
export function keyedHash(purpose: string, value: string, length = 32): string {
  let key = keys.get(purpose);
  if (!key) {
    key = createHmac("sha256", secret).update(`purpose:${purpose}`).digest();
    keys.set(purpose, key);
  }
  return createHmac("sha256", key).update(value).digest("base64url").slice(0, length);
}
