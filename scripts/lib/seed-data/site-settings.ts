// The site settings row (site_settings, id 1): the contact facts the site shipped with (the
// defaults in app/content/site.ts), which an admin then changes in /admin/configuracoes. The seed
// only creates the row when it is missing, so an admin's changes stay.
import { site } from "../../../app/content/site.ts";
import type { Prisma } from "../../../app/generated/prisma-sqlite/client.ts";

export const siteSettingsRow: Prisma.SiteSettingsCreateInput = {
  id: 1,
  legalName: site.legalName,
  cnpj: site.cnpj,
  salesPhone: site.salesPhone,
  videoPhone: site.videoPhone,
  ceoPhone: site.ceoPhone,
  email: site.email,
  street: site.address.street,
  city: site.address.city,
  state: site.address.state,
  postalCode: site.address.postalCode,
  mapsUrl: site.mapsUrl,
  hours: site.hours,
  facebookUrl: site.social.facebook,
  instagramUrl: site.social.instagram,
  instagramCeoUrl: site.social.instagramCeo,
  linkedinUrl: site.social.linkedin,
  tiktokUrl: site.social.tiktok,
  youtubeUrl: site.social.youtube,
};
