import type { Route } from "./+types/_site.politica-privacidade";
import { LegalPage } from "~/components/site/legal-page";
import { privacyPolicy, PRIVACY_TITLE } from "~/content/legal";
import { env } from "~/lib/env.server";
import { seo } from "~/lib/seo";
import { useSiteSettings } from "~/lib/site-settings";

export function loader() {
  return { siteUrl: env.SITE_URL, leadsMonths: env.LEADS_RETENTION_MONTHS };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    siteUrl: loaderData?.siteUrl ?? "",
    path: "/politica-privacidade",
    title: PRIVACY_TITLE,
    description: "Como a Wind Digital trata dados pessoais e utiliza cookies, conforme a LGPD (Lei nº 13.709/2018).",
  });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={privacyPolicy(useSiteSettings(), loaderData.leadsMonths)} />;
}
