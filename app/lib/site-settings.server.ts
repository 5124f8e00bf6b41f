// Reads and writes the one site_settings row. A missing row means the defaults; a failed read
// never breaks a public page: it is logged and the last values read (or the defaults) are used,
// and the page is marked degraded so it is never cached.
import type { SiteSettings as SiteSettingsRow } from "../generated/prisma-sqlite/client.ts";
import { db } from "./db.server";
import { markDegraded } from "./load-status.server";
import { defaultSiteSettings, formatPhone, type SiteSettings } from "./site-settings";
import { errorFields, log } from "./logger.server.ts";

// storeLeads ("Guardar contatos no painel") is its own switch (app/lib/leads/), and so is
// requireTwoFactor (app/lib/admin/two-factor-policy.server.ts): neither is a contact fact.
type RowValues = Omit<SiteSettingsRow, "id" | "updatedAt" | "storeLeads" | "requireTwoFactor">;

/** The last values read, for a page rendered while the database does not answer. */
let lastRead: SiteSettings | null = null;
let lastReadKey = "";

/**
 * The site settings. The same object is returned until the values change: the markup rendered
 * once from them (the home sections, the footer) is kept for as long as the object is the same.
 */
export async function getSiteSettings(): Promise<SiteSettings> {
  try {
    const row = await db.siteSettings.findUnique({ where: { id: 1 } });
    const read = row ? fromRow(row) : defaultSiteSettings;
    const key = JSON.stringify(read);
    if (lastRead && key === lastReadKey) return lastRead;
    lastReadKey = key;
    return (lastRead = read);
  } catch (error) {
    log("error", "site settings unreadable, last known values used", errorFields(error));
    markDegraded();
    return lastRead ?? defaultSiteSettings;
  }
}

/**
 * Saves the settings (the caller bumps the content version so every cache refreshes); returns the
 * stored values before and after, for the activity log. The phones as shown are not stored: they
 * are formatted from the numbers when read.
 */
export async function saveSiteSettings(
  settings: Omit<SiteSettings, "salesPhoneDisplay" | "videoPhoneDisplay">,
): Promise<{ before: RowValues; after: RowValues }> {
  const values = toRow(settings);
  const previous = await db.siteSettings.findUnique({ where: { id: 1 } });
  await db.siteSettings.upsert({ where: { id: 1 }, create: { id: 1, ...values }, update: values });
  return { before: previous ? toRow(fromRow(previous)) : toRow(defaultSiteSettings), after: values };
}

export function fromRow(row: RowValues): SiteSettings {
  return {
    legalName: row.legalName,
    cnpj: row.cnpj,
    salesPhone: row.salesPhone,
    salesPhoneDisplay: formatPhone(row.salesPhone),
    videoPhone: row.videoPhone,
    videoPhoneDisplay: formatPhone(row.videoPhone),
    ceoPhone: row.ceoPhone,
    email: row.email,
    address: { street: row.street, city: row.city, state: row.state, postalCode: row.postalCode },
    mapsUrl: row.mapsUrl,
    hours: row.hours,
    social: {
      facebook: row.facebookUrl,
      instagram: row.instagramUrl,
      instagramCeo: row.instagramCeoUrl,
      linkedin: row.linkedinUrl,
      tiktok: row.tiktokUrl,
      youtube: row.youtubeUrl,
    },
  };
}

function toRow(settings: Omit<SiteSettings, "salesPhoneDisplay" | "videoPhoneDisplay">): RowValues {
  const { address, social } = settings;
  return {
    legalName: settings.legalName,
    cnpj: settings.cnpj,
    salesPhone: settings.salesPhone,
    videoPhone: settings.videoPhone,
    ceoPhone: settings.ceoPhone,
    email: settings.email,
    street: address.street,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    mapsUrl: settings.mapsUrl,
    hours: settings.hours,
    facebookUrl: social.facebook,
    instagramUrl: social.instagram,
    instagramCeoUrl: social.instagramCeo,
    linkedinUrl: social.linkedin,
    tiktokUrl: social.tiktok,
    youtubeUrl: social.youtube,
  };
}
