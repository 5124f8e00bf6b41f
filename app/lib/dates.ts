// Dates shown to visitors, always in Brazil's time zone: "15 de março, 2026" (dd 'de' MMMM, yyyy).
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
