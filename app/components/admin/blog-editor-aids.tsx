// The blog form's helpers around its fields: the publishing control (publish now, schedule, or
// draft), the character counters of the search fields and the post's length. Each renders on the
// server from the form's values (so the page shows them without JavaScript) and follows what is
// typed once JavaScript runs. They read the fields through `input` events on the document, which
// also come from the Visual editor and from a restored local copy.
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { readingSummary } from "~/lib/reading-time";
import { SCHEDULE_ZONE_LABEL, type PublicationChoice } from "~/lib/blog/schedule";
import type { FieldState } from "~/components/ui/field-props";
import { FieldError, TextField } from "./fields";

/** The current value of the field `fieldId` (its server value until something is typed). */
function useLiveValue(fieldId: string, initial: string): string {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const read = () => {
      const element = document.getElementById(fieldId);
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) setValue(element.value);
    };
    read();
    const onInput = (event: Event) => {
      if (event.target instanceof HTMLElement && event.target.id === fieldId) read();
    };
    document.addEventListener("input", onInput);
    return () => document.removeEventListener("input", onInput);
  }, [fieldId, initial]);
  return value;
}

function initialText(field: FieldState): string {
  return typeof field.initialValue === "string" ? field.initialValue : "";
}

/**
 * "42 de 60 caracteres", red with how many are too many past the limit (the save refuses them).
 * The limit is the schema's maximum length for the field.
 */
export function CharacterCount({ field }: { field: FieldState }) {
  const length = useLiveValue(field.id, initialText(field)).trim().length;
  const max = field.maxLength;
  if (max === undefined) return null;
  const over = length - max;
  return (
    <p id={`${field.id}-count`} data-count-for={field.name} className={`-mt-4 text-xs ${over > 0 ? "font-semibold text-red-700" : "text-slate-500"}`}>
      {length} de {max} caracteres{over > 0 ? `: ${over} a mais` : ""}
    </p>
  );
}

/** The content's words and reading time ("1.234 palavras · 6 min de leitura"). */
export function ReadingTime({ field }: { field: FieldState }) {
  const html = useLiveValue(field.id, initialText(field));
  return (
    <p data-reading-time className="-mt-4 text-sm text-slate-600">
      {readingSummary(html)}
    </p>
  );
}

const CHOICES: { value: PublicationChoice; label: (alreadyPublic: boolean) => string; description: string }[] = [
  {
    value: "publish",
    label: (alreadyPublic) => (alreadyPublic ? "Publicado" : "Publicar agora"),
    description: "Aparece no site ao salvar.",
  },
  { value: "schedule", label: () => "Agendar", description: "Vai ao ar sozinho na data e hora escolhidas." },
  { value: "draft", label: () => "Rascunho", description: "Não aparece no site." },
];

const DATE_HINTS: Record<PublicationChoice | "any", string> = {
  schedule: "Obrigatória para agendar: o post aparece no site sozinho nesse momento.",
  publish: "Opcional. Vazia: a data em que o post foi ao ar (ou agora). Uma data passada fica como a data do post.",
  draft: "",
  any: "Para “Agendar”: quando o post vai ao ar. Com “Publicar agora”, opcional: uma data passada fica como a data do post.",
};

/**
 * Publish now, schedule or draft: one radio group (`publication`), and the date and time that a
 * schedule needs (`published_at`, São Paulo time). Without JavaScript both are always shown.
 */
export function PublicationField({ choice, date, alreadyPublic }: { choice: FieldState; date: FieldState; alreadyPublic: boolean }) {
  const hydrated = useHydrated();
  const initial = (typeof choice.initialValue === "string" ? choice.initialValue : "publish") as PublicationChoice;
  const [current, setCurrent] = useState<PublicationChoice>(initial);
  const group = useRef<HTMLFieldSetElement>(null);
  // Read from the inputs themselves: a restored local copy checks a radio without React knowing.
  useEffect(() => {
    const element = group.current;
    if (!element) return;
    const read = () => {
      const checked = element.querySelector<HTMLInputElement>('input[type="radio"]:checked');
      if (checked) setCurrent(checked.value as PublicationChoice);
    };
    read();
    element.addEventListener("change", read);
    return () => element.removeEventListener("change", read);
  }, [initial]);
  const invalid = Boolean(choice.errors?.length);
  return (
    <div className="space-y-4">
      <fieldset ref={group} aria-describedby={invalid ? choice.errorId : undefined}>
        <legend className="block text-sm font-medium text-slate-700">Publicação</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {CHOICES.map((option) => (
            <label
              key={option.value}
              htmlFor={`${choice.id}-${option.value}`}
              className="grid cursor-pointer grid-cols-[auto_1fr] gap-x-2 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200"
            >
              <input
                key={initial}
                id={`${choice.id}-${option.value}`}
                type="radio"
                name={choice.name}
                value={option.value}
                defaultChecked={initial === option.value}
                className="row-span-2 mt-0.5 h-4 w-4"
              />
              <span className="font-semibold text-slate-900">{option.label(alreadyPublic)}</span>
              <span className="text-slate-600">{option.description}</span>
            </label>
          ))}
        </div>
        <FieldError id={choice.errorId} errors={choice.errors} />
      </fieldset>
      {/* A draft has no date to give; the field stays in the form (hidden) so nothing typed is lost. */}
      <div hidden={hydrated && current === "draft"}>
        <TextField
          field={date}
          type="datetime-local"
          label={`Data e hora de publicação (${SCHEDULE_ZONE_LABEL})`}
          required={hydrated && current === "schedule"}
          hint={hydrated ? DATE_HINTS[current] : DATE_HINTS.any}
        />
      </div>
    </div>
  );
}
