// Client logos (client_logos): wordmarks generated for the demo (the brands are fictional).
import { demoDate, demoId } from "./ids.ts";
import type { Prisma } from "../../../app/generated/prisma-sqlite/client.ts";

/** How each wordmark is drawn: colour, typeface and a simple symbol. */
export interface LogoStyle {
  name: string;
  file: string;
  color: string;
  font: "sans" | "serif" | "mono" | "condensed";
  symbol: "circle" | "leaf" | "square" | "triangle" | "drop" | "star" | "none";
  tagline?: string;
}

export const logoStyles: LogoStyle[] = [
  { name: "Grupo Cerrado", file: "grupo-cerrado", color: "#0b1f3a", font: "sans", symbol: "triangle", tagline: "HOLDING" },
  { name: "Araguaia Imóveis", file: "araguaia-imoveis", color: "#2563eb", font: "sans", symbol: "square" },
  { name: "Pequi Burger", file: "pequi-burger", color: "#d97706", font: "condensed", symbol: "circle" },
  { name: "Clínica Vitallis", file: "clinica-vitallis", color: "#0f766e", font: "serif", symbol: "drop" },
  { name: "Jatobá Móveis", file: "jatoba-moveis", color: "#7c2d12", font: "serif", symbol: "leaf" },
  { name: "Oeste Agro", file: "oeste-agro", color: "#15803d", font: "sans", symbol: "leaf", tagline: "SEMENTES E INSUMOS" },
  { name: "Lume Arquitetura", file: "lume-arquitetura", color: "#1f2937", font: "mono", symbol: "none" },
  { name: "Nativa Cosméticos", file: "nativa-cosmeticos", color: "#be185d", font: "serif", symbol: "star" },
  { name: "Atlas Logística", file: "atlas-logistica", color: "#1d4ed8", font: "condensed", symbol: "triangle" },
  { name: "Trindade Advocacia", file: "trindade-advocacia", color: "#334155", font: "serif", symbol: "none", tagline: "ADVOGADOS ASSOCIADOS" },
  { name: "Buriti Odontologia", file: "buriti-odontologia", color: "#0891b2", font: "sans", symbol: "circle" },
  { name: "Veredas Turismo", file: "veredas-turismo", color: "#16a34a", font: "sans", symbol: "drop" },
];

export const clientLogos: Prisma.ClientLogoCreateInput[] = logoStyles.map((logo, i) => ({
  id: demoId(`client-logo-${String(i + 1).padStart(2, "0")}`),
  clientName: logo.name,
  logoUrl: `/demo/logos/${logo.file}.webp`,
  orderIndex: i + 1,
  createdAt: demoDate(60 - i),
}));
