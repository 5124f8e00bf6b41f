// The extra image and video URLs of a portfolio item or window-films project, wherever they come
// from: a form (one field per URL with JavaScript, one URL per line in a textarea without), a
// JSON column of the database, or what the form posted last. Entries are trimmed; blank ones go.
export function urlList(value: unknown): string[] {
  const values = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  return values
    .flatMap((entry) => (typeof entry === "string" ? entry.split(/\r?\n/) : []))
    .map((entry) => entry.trim())
    .filter(Boolean);
}
