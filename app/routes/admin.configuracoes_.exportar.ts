// GET /admin/configuracoes/exportar: the site's content as a JSON download ("Exportar conteúdo"
// in Configurações; app/lib/backup/content-export.server.ts says what it holds). Under the admin
// layout, so only a signed-in administrator gets it; never cached.
import type { Route } from "./+types/admin.configuracoes_.exportar";
import { exportContent } from "~/lib/backup/content-export.server";

export async function loader(_: Route.LoaderArgs) {
  const now = new Date();
  const body = JSON.stringify(await exportContent(now), null, 2);
  const day = now.toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="conteudo-wind-digital-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
