import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.dashboard";
import { db } from "~/lib/db.server";
import { ActivityList } from "~/components/admin/activity-list";
import { EmptyState } from "~/components/admin/page";
import { logFailure } from "~/lib/admin-action.server";
import { withLinks } from "~/lib/activity.server";

const RECENT_ACTIVITY = 8;

/** A count, or null when its table cannot be read (that card says so; the others show as usual). */
async function countOf(label: string, count: () => Promise<number>): Promise<number | null> {
  try {
    return await count();
  } catch (error) {
    logFailure(`dashboard: ${label} could not be counted`, error, "load");
    return null;
  }
}

export async function loader(_: Route.LoaderArgs) {
  const [portfolio, led, films, testimonials, logos, course, blog, activity] = await Promise.all([
    countOf("portfolio", () => db.portfolioItem.count()),
    countOf("led panels", () => db.ledPanel.count()),
    countOf("window films projects", () => db.windowFilmsProject.count()),
    countOf("window films testimonials", () => db.windowFilmsTestimonial.count()),
    countOf("client logos", () => db.clientLogo.count()),
    countOf("course testimonials", () => db.courseTestimonial.count()),
    countOf("blog posts", () => db.blogPost.count()),
    db.activityEntry
      .findMany({ orderBy: { id: "desc" }, take: RECENT_ACTIVITY })
      .then(withLinks)
      .catch((error: unknown) => {
        logFailure("dashboard: activity could not be read", error, "load");
        return null;
      }),
  ]);
  return { counts: { portfolio, led, films, testimonials, logos, course, blog }, activity };
}

export const COUNT_FAILED = "Não foi possível carregar";

export const meta: Route.MetaFunction = () => [{ title: "Painel | Wind Digital" }];

const sections = [
  { to: "/admin/estatisticas", title: "Estatísticas", text: "Visitas, origens e contatos pelo WhatsApp, chat e formulários", count: null },
  { to: "/admin/portfolio", title: "Portfólio", text: "Cases de marketing digital", count: "portfolio" },
  { to: "/admin/led-panels", title: "Painéis LED", text: "Painéis, fluxo e alcance", count: "led" },
  { to: "/admin/window-films-portfolio", title: "Window Films · Portfólio", text: "Projetos de vídeo", count: "films" },
  { to: "/admin/window-films-testimonials", title: "Window Films · Depoimentos", text: "Depoimentos de clientes", count: "testimonials" },
  { to: "/admin/client-logos", title: "Logos de clientes", text: "Faixa de logos da página inicial", count: "logos" },
  { to: "/admin/course-testimonials", title: "Depoimentos do curso", text: "Vídeos de alunos", count: "course" },
  { to: "/admin/blog", title: "Blog", text: "Posts e rascunhos", count: "blog" },
  { to: "/admin/midia", title: "Biblioteca de mídia", text: "Imagens e vídeos enviados", count: null },
  { to: "/admin/configuracoes", title: "Configurações", text: "Telefones, e-mail, endereço e redes sociais", count: null },
  { to: "/admin/atividade", title: "Atividade", text: "Quem mudou o quê, e quando", count: null },
  { to: "/admin/equipe", title: "Equipe", text: "Administradores, convites e acessos", count: null },
  { to: "/admin/conta", title: "Minha conta", text: "Senha, verificação em duas etapas e sessões", count: null },
] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Painel administrativo</h1>
          <p className="text-slate-600">Gerencie o conteúdo do site.</p>
        </div>
        <Form method="post" action="/admin/logout">
          <button type="submit" className="rounded-full bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700">
            Sair do painel
          </button>
        </Form>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              className="block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md"
            >
              <h2 className="text-lg font-semibold text-slate-900">{section.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{section.text}</p>
              {section.count && loaderData.counts[section.count] === null ? (
                <p role="alert" className="mt-4 text-sm font-medium text-red-700">
                  {COUNT_FAILED}
                </p>
              ) : section.count ? (
                <p className="mt-4 text-sm font-medium text-brand-600">
                  {loaderData.counts[section.count]} {loaderData.counts[section.count] === 1 ? "item" : "itens"}
                </p>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="atividade-recente" className="mt-10">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="atividade-recente" className="text-xl font-bold text-slate-900">
            Atividade recente
          </h2>
          <Link to="/admin/atividade" className="text-sm font-medium text-brand-600 hover:underline">
            Ver toda a atividade
          </Link>
        </div>
        {loaderData.activity === null ? (
          <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            Não foi possível carregar a atividade recente. Tente novamente mais tarde.
          </p>
        ) : loaderData.activity.length === 0 ? (
          <EmptyState>Nenhuma atividade registrada ainda.</EmptyState>
        ) : (
          <ActivityList entries={loaderData.activity} />
        )}
      </section>
    </div>
  );
}
