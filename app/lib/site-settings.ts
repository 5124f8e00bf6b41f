// The agency's contact facts (phones, e-mail, CNPJ, address, hours, social links) as the site
// shows them. An admin changes them in /admin/configuracoes (stored in the site_settings table);
// the public layout's loader reads them once per request and hands them to every component
// through SiteSettingsProvider, so a WhatsApp button, the footer or a legal page never reads a
// number from the code. The brand name and tagline are product identity and stay in
// app/content/site.ts, which also holds the defaults used until an admin saves the page.
import { createContext, useContext } from "react";
import { site } from "~/content/site";

export interface SiteSettings {
  legalName: string;
  cnpj: string;
  /** Sales WhatsApp number: digits only, with country code (55 + DDD + number). */
  salesPhone: string;
  /** The same number as the site shows it, "(62) 99123-4567" (formatted from the digits, never typed). */
  salesPhoneDisplay: string;
  /** The video service and the Window Films brand answer on their own number. */
  videoPhone: string;
  videoPhoneDisplay: string;
  /** The CEO's direct WhatsApp, offered on the contact page. */
  ceoPhone: string;
  email: string;
  address: { street: string; city: string; state: string; postalCode: string };
  mapsUrl: string;
  hours: string;
  /** An empty link hides that network on the site. */
  social: { facebook: string; instagram: string; instagramCeo: string; linkedin: string; tiktok: string; youtube: string };
}

export const defaultSiteSettings: SiteSettings = {
  legalName: site.legalName,
  cnpj: site.cnpj,
  salesPhone: site.salesPhone,
  salesPhoneDisplay: formatPhone(site.salesPhone),
  videoPhone: site.videoPhone,
  videoPhoneDisplay: formatPhone(site.videoPhone),
  ceoPhone: site.ceoPhone,
  email: site.email,
  address: { street: site.address.street, city: site.address.city, state: site.address.state, postalCode: site.address.postalCode },
  mapsUrl: site.mapsUrl,
  hours: site.hours,
  social: { ...site.social },
};

/** "(62) 99123-4567" (or "(62) 3123-4567") for the stored digits 5562991234567; other digits are shown as given, with a +. */
export function formatPhone(digits: string): string {
  const match = /^55([1-9]{2})(\d{4,5})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : `+${digits}`;
}

const SiteSettingsContext = createContext<SiteSettings | null>(null);

export const SiteSettingsProvider = SiteSettingsContext.Provider;

/** The settings of the page being rendered; outside a provider it fails loudly instead of showing stale demo values. */
export function useSiteSettings(): SiteSettings {
  const settings = useContext(SiteSettingsContext);
  if (!settings) throw new Error("useSiteSettings() needs a SiteSettingsProvider (the public layout provides one)");
  return settings;
}

/** "@winddigital" for https://www.instagram.com/winddigital (or .../@winddigital). */
export function socialHandle(url: string): string {
  const last =
    url
      .replace(/[?#].*$/, "")
      .replace(/\/+$/, "")
      .split("/")
      .pop() ?? "";
  return `@${last.replace(/^@/, "")}`;
}
