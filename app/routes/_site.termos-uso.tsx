import type { Route } from "./+types/_site.termos-uso";
import { LegalPage } from "~/components/site/legal-page";
import { termsOfUse, TERMS_TITLE } from "~/content/legal";
import { env } from "~/lib/env.server";
import { seo } from "~/lib/seo";
import { useSiteSettings } from "~/lib/site-settings";

export function loader() {
  return { siteUrl: env.SITE_URL };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({ siteUrl: loaderData?.siteUrl ?? "", path: "/termos-uso", title: TERMS_TITLE, description: "Condições de uso do site da Wind Digital." });

export default function Terms() {
  return <LegalPage document={termsOfUse(useSiteSettings())} />;
}
