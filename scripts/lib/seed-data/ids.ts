// Fixed, valid UUIDs for the demo rows, derived from a readable name ("portfolio-01"), so the
// seed can tell which demo rows already exist and never inserts one twice.
import { createHash } from "node:crypto";

export function demoId(name: string): string {
  const hex = createHash("sha1").update(`wind-digital-demo:${name}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A fixed moment `daysAgo` days before the demo's reference date, so every run writes the same dates. */
export function demoDate(daysAgo: number, hour = 10): Date {
  const reference = Date.UTC(2026, 10, 20, 13, 0, 0); // 20 Nov 2026, 10:00 in Goiânia
  return new Date(reference - daysAgo * 86_400_000 + (hour - 10) * 3_600_000);
}
