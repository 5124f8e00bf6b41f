// The free-diagnostic form at the end of the home page.
import { Form } from "react-router";
import { HoneypotField } from "~/components/ui/honeypot";
import type { Constraint } from "~/lib/forms/constraint";
import { revenueOptions } from "~/lib/forms/diagnostic-options";
import type { WhatsAppFormResult } from "~/lib/forms/result";
import { SelectField, TextField } from "./form-field";
import { Icon } from "./icon";
import { useWhatsAppForm } from "./whatsapp-form";

const loadClient = () => import("~/lib/forms/client").then((m) => m.diagnosticForm);

export function DiagnosticForm({ result, constraints }: { result?: WhatsAppFormResult | null; constraints: Record<string, Constraint> }) {
  const serverResult = result?.form === "diagnostic" ? result : null;
  const { errors, onSubmit, submitting } = useWhatsAppForm(loadClient, serverResult?.errors);
  const values = serverResult?.values ?? {};
  const common = { formId: "diagnostico", tone: "dark" as const, constraints };
  return (
    <Form method="post" action="/?index" noValidate onSubmit={onSubmit} onFocus={() => void loadClient()} className="relative space-y-5">
      <input type="hidden" name="intent" value="diagnostic" />
      <HoneypotField />
      {errors[""]?.length ? (
        <p role="alert" className="rounded-xl bg-red-500/15 px-4 py-3 text-sm font-medium text-red-100">
          {errors[""][0]}
        </p>
      ) : null}
      <TextField {...common} name="name" label="Nome" autoComplete="name" placeholder="Seu nome" errors={errors.name} defaultValue={values.name} />
      <TextField
        {...common}
        name="phone"
        type="tel"
        label="WhatsApp"
        autoComplete="tel"
        placeholder="(62) 99999-9999"
        errors={errors.phone}
        defaultValue={values.phone}
      />
      <SelectField
        {...common}
        name="revenue"
        label="Faturamento mensal"
        placeholder="Selecione uma faixa"
        options={revenueOptions}
        errors={errors.revenue}
        defaultValue={values.revenue}
      />
      <button type="submit" disabled={submitting} className="btn btn-whatsapp w-full cursor-pointer py-4 disabled:opacity-70">
        <Icon name="whatsapp" className="size-5" />
        Quero meu diagnóstico gratuito
      </button>
      <p className="text-center text-sm text-slate-300">Resposta em até 2 horas. Seus dados não ficam armazenados no site.</p>
    </Form>
  );
}
