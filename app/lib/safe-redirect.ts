// Redirect targets taken from a request are only ever same-origin paths: "/x", never "//x",
// "/\\x" or a full URL. Anything else falls back. The checks run on the input and again on the
// normalised result, since resolving dot segments can turn a harmless path into a dangerous
// one ("/x/..//evil.example" becomes "//evil.example").
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string") return fallback;
  const value = target.trim();
  if (!isLocalPath(value)) return fallback;
  try {
    const url = new URL(value, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    const result = `${url.pathname}${url.search}${url.hash}`;
    return isLocalPath(result) ? result : fallback;
  } catch {
    return fallback;
  }
}

/** A path a browser resolves on this origin: one leading slash, no backslash or control character. */
function isLocalPath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return false;
  return !/[\p{Cc}\\]/u.test(value);
}
