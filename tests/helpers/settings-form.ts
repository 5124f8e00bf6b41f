// The /admin/configuracoes form as the page posts it, filled with the demo values (each phone as
// the page shows it).
import { site } from "~/content/site";
import { formatPhone } from "~/lib/site-settings";

export const demoSettingsForm: Record<string, string> = {
  legal_name: site.legalName,
  cnpj: site.cnpj,
  sales_phone: formatPhone(site.salesPhone),
  video_phone: formatPhone(site.videoPhone),
  ceo_phone: formatPhone(site.ceoPhone),
  email: site.email,
  street: site.address.street,
  city: site.address.city,
  state: site.address.state,
  postal_code: site.address.postalCode,
  maps_url: site.mapsUrl,
  hours: site.hours,
  facebook_url: site.social.facebook,
  instagram_url: site.social.instagram,
  instagram_ceo_url: site.social.instagramCeo,
  linkedin_url: site.social.linkedin,
  tiktok_url: site.social.tiktok,
  youtube_url: site.social.youtube,
};
