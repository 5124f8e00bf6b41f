// "Avisos por e-mail" on /admin/conta: whether this person is e-mailed on every new lead, and on
// new messages in a chat conversation they took over. A plain form, with or without JavaScript.
import { Form } from "react-router";

const LEAD_NOTIFICATIONS_ACTION = "/admin/conta?avisos";

export function LeadNotificationsSection({ newLeads, heldMessages }: { newLeads: boolean; heldMessages: boolean }) {
  return (
    <section aria-labelledby="avisos-contatos" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="avisos-contatos" className="text-lg font-semibold text-slate-900">
        Avisos de contatos por e-mail
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        O e-mail diz de quem é o contato e traz o link para abri-lo no painel; o que a pessoa escreveu fica só no painel.
      </p>
      <Form method="post" action={LEAD_NOTIFICATIONS_ACTION} className="mt-4 space-y-3">
        <label className="flex items-center gap-3 text-slate-800">
          <input type="checkbox" name="novos" value="on" defaultChecked={newLeads} className="size-4" />
          Avisar a cada novo contato
        </label>
        <label className="flex items-center gap-3 text-slate-800">
          <input type="checkbox" name="conversas" value="on" defaultChecked={heldMessages} className="size-4" />
          Avisar sobre novas mensagens nas conversas que eu assumir
        </label>
        <button type="submit" className="rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-50">
          Salvar avisos
        </button>
      </Form>
    </section>
  );
}
