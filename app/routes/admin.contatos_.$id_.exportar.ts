// GET /admin/contatos/<id>/exportar: "Exportar dados" on a lead's page, a JSON download of
// everything kept about that person (app/lib/leads/privacy.server.ts says who "the person" is).
// Under the admin layout, so only staff who may see leads get it; never cached. The download is
// written to the activity log without the person's data (the lead's kind and id only).
import { data } from "react-router";
import type { Route } from "./+types/admin.contatos_.$id_.exportar";
import { activityScope, recordActivity } from "~/lib/activity.server";
import { db } from "~/lib/db.server";
import { LEAD_KINDS, isLeadKind } from "~/lib/leads/leads";
import { exportPerson } from "~/lib/leads/privacy.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const lead = await db.lead.findUnique({ where: { id: params.id }, select: { id: true, kind: true, email: true, phone: true } });
  if (!lead) throw data("Contato não encontrado.", { status: 404, headers: { "Cache-Control": "no-store" } });
  const now = new Date();
  const exported = await exportPerson(lead, now);
  await recordActivity(activityScope(context, "contatos"), {
    action: "export_data",
    targetId: lead.id,
    targetLabel: `um contato (${isLeadKind(lead.kind) ? LEAD_KINDS[lead.kind] : lead.kind})`,
    summary: `${exported.leads.length} ${exported.leads.length === 1 ? "registro exportado" : "registros exportados"}`,
  });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="contato-${lead.id}-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
      // A name with markup is data in a JSON file, never a page the browser renders.
      "X-Content-Type-Options": "nosniff",
    },
  });
}
