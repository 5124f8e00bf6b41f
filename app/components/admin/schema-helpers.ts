// Pieces of the admin zod schemas, shared by the actions and the browser.
import { z } from "zod";

/** An integer from a form value, or the fallback when it is missing or not a number. */
export function intOr(fallback: number) {
  return (value: unknown) => {
    const number = typeof value === "number" ? value : Number.parseInt(String(value ?? "").trim(), 10);
    return Number.isFinite(number) ? number : fallback;
  };
}

/** A field that may repeat (list with JavaScript) or be one textarea (without). */
export const repeatedText = z.preprocess((v) => (Array.isArray(v) ? v : typeof v === "string" ? [v] : []), z.array(z.string()));

/** Required text with its Portuguese message. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}
