// The agency's identity (brand, legal and video brand names, tagline: fixed in code) and the
// default contact facts. Phones, e-mail, CNPJ, address, hours and social links are edited by an
// admin in /admin/configuracoes; pages read them through app/lib/site-settings.ts, and these
// values are only the defaults (the seed's row, and the fallback while no row exists).
export const site = {
  brandName: "Wind Digital",
  legalName: "Wind Digital Marketing Ltda.",
  cnpj: "12.345.678/0001-90",
  videoBrandName: "Window Films",
  tagline: "Transformação digital com estratégia, tecnologia e resultado.",
  /** Sales WhatsApp number (digits only, with country code; the site shows it formatted from these digits). */
  salesPhone: "5562991234567",
  /** The video service and the Window Films brand answer on their own number. */
  videoPhone: "5562998765432",
  /** The CEO's direct line, offered on the contact page. */
  ceoPhone: "5562993456789",
  email: "contato@winddigital.com.br",
  address: {
    street: "Av. T-63, 1296, Sala 1204 - Setor Bueno",
    city: "Goiânia",
    state: "GO",
    postalCode: "74230-100",
    country: "BR",
  },
  mapsUrl: "https://www.google.com/maps/search/?api=1&query=Av.+T-63,+1296,+Setor+Bueno,+Goi%C3%A2nia+-+GO",
  hours: "Seg-Sex 9h-18h",
  social: {
    facebook: "https://www.facebook.com/winddigital",
    instagram: "https://www.instagram.com/winddigital",
    instagramCeo: "https://www.instagram.com/winddigital.ceo",
    linkedin: "https://www.linkedin.com/company/winddigital",
    tiktok: "https://www.tiktok.com/@winddigital",
    youtube: "https://www.youtube.com/@winddigital",
  },
} as const;
