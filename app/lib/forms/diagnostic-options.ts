// The revenue ranges of the diagnostic form, kept apart from the zod schema so the
// page can render them without shipping zod to the browser.
export const revenueOptions = [
  { value: "ate-50k", label: "Até R$ 50 mil" },
  { value: "50-100k", label: "De R$ 50 mil a R$ 100 mil" },
  { value: "100-300k", label: "De R$ 100 mil a R$ 300 mil" },
  { value: "acima-300k", label: "Acima de R$ 300 mil" },
] as const;

export type RevenueValue = (typeof revenueOptions)[number]["value"];
