// Dates as the site shows them, always in Brazil's time zone, whatever the server's or the browser's:
// a blog post's "15 de março, 2026" (dd 'de' MMMM, yyyy), and "25/11/2026, 14:05" in the admin.
const blogDateFormat = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "long",
  year: "numeric",
  timeZone: "America/Sao_Paulo",
});

export function formatBlogDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const parts = Object.fromEntries(blogDateFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day} de ${parts.month}, ${parts.year}`;
}

const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "America/Sao_Paulo",
});

/** "25/11/2026, 14:05" in São Paulo time, whatever the server's or the browser's zone. */
export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(typeof value === "string" ? new Date(value) : value);
}
