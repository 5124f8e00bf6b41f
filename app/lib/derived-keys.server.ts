// Keys derived from SESSION_SECRET, one per purpose, for what the server must recognise again or
// read back but never keep in clear: a visitor's address in the rate limits' table, the insights'
// salt of the day (keyed hashes), and the two-factor keys at rest (encryption). Every instance
// shares the secret and the database never holds it, so a copy of the database (a backup, a
// dump) cannot be turned back into addresses or e-mails by trying them all, nor its two-factor
// keys read: that takes the secret too. One derivation (HKDF-SHA256) for every purpose, and a
// purpose's key says nothing about another's.
import { createHmac, hkdfSync } from "node:crypto";
import { env } from "./env.server.ts";

const secrets = env.SESSION_SECRET.split(",").map((secret) => secret.trim());
const derived = new Map<string, Buffer[]>();

/**
 * The key of `purpose` under each secret of SESSION_SECRET, in its order: the first is the one to
 * use now, the others open what was made before a rotation.
 */
export function derivedKeys(purpose: string): Buffer[] {
  let keys = derived.get(purpose);
  if (!keys) {
    keys = secrets.map((secret) => Buffer.from(hkdfSync("sha256", secret, "wind-digital", purpose, 32)));
    derived.set(purpose, keys);
  }
  return keys;
}

/** HMAC-SHA-256 of `value` under the current key of `purpose`, in base64url (`length` characters). */
export function keyedHash(purpose: string, value: string, length = 32): string {
  return createHmac("sha256", derivedKeys(purpose)[0]!).update(value).digest("base64url").slice(0, length);
}
