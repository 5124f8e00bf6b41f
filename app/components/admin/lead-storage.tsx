// "Guardar contatos no painel" in Configurações: whether the contact and diagnostic forms and the
// chat keep their contacts in /admin/contatos. Off, the forms only open WhatsApp (as before the
// inbox existed) and the chat keeps only what its no-JavaScript mode needs. A plain form, with or
// without JavaScript.
import { Form } from "react-router";

const LEAD_STORAGE_ACTION = "/admin/configuracoes?contatos";
const STORE_LEADS_LABEL = "Guardar contatos no painel";

export function LeadStorageSection({ storeLeads }: { storeLeads: boolean }) {
  return (
    <section aria-labelledby="guardar-contatos" className="mt-8 max-w-3xl space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="guardar-contatos" className="text-lg font-semibold text-slate-900">
        Contatos
      </h2>
      <Form method="post" action={LEAD_STORAGE_ACTION} className="space-y-3">
        <div className="flex items-start gap-3 text-slate-800">
          <input
            id="store_leads"
            type="checkbox"
            name="store_leads"
            value="on"
            defaultChecked={storeLeads}
            aria-describedby="store_leads_hint"
            className="mt-1 size-4"
          />
          <div>
            <label htmlFor="store_leads" className="font-medium">
              {STORE_LEADS_LABEL}
            </label>
            <p id="store_leads_hint" className="text-sm text-slate-600">
              Os formulários de contato e de diagnóstico e as conversas do chat ficam em Contatos, pelo prazo da política de privacidade. Desligado, os
              formulários só abrem o WhatsApp e nada é guardado.
            </p>
          </div>
        </div>
        <button type="submit" className="rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-50">
          Salvar
        </button>
      </Form>
    </section>
  );
}
