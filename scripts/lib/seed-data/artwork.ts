// SVG compositions for the demo media: gradient covers in the brand colours with a motif per
// kind of work, LED panel photos, client wordmarks, avatars and video overlays. Rendered to
// WebP/PNG by scripts/lib/seed-data/make-media.ts (fonts: DejaVu / Liberation).

const BRAND = { navy: "#0b1f3a", blue: "#2563eb", green: "#25d366", white: "#ffffff" } as const;

export type Motif = "chat" | "phone" | "browser" | "play" | "chart" | "article";

const ACCENTS: Record<Motif, string> = {
  chat: "#7c3aed",
  phone: "#db2777",
  browser: "#06b6d4",
  play: "#f59e0b",
  chart: BRAND.green,
  article: BRAND.blue,
};

export function motifForCategory(category: string): Motif {
  switch (category) {
    case "IA":
      return "chat";
    case "Social Media":
      return "phone";
    case "Sites":
      return "browser";
    case "Tráfego":
      return "chart";
    default:
      return "play";
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Greedy word wrap by an estimated glyph width (bold sans ≈ 0.6 em). */
function wrap(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const perLine = Math.max(8, Math.floor(maxWidth / (fontSize * 0.6)));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length > perLine && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.;:–-]+$/, "")}…`;
    return kept;
  }
  return lines;
}

function textLines(lines: string[], x: number, y: number, size: number, attrs: string): string {
  return lines.map((l, i) => `<text x="${x}" y="${y + i * size * 1.18}" font-size="${size}" ${attrs}>${escapeXml(l)}</text>`).join("");
}

/** A small deterministic pseudo-random sequence, so the same label always draws the same picture. */
function random(seedText: string) {
  let seed = 0;
  for (const ch of seedText) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0;
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

function motifArt(motif: Motif, x: number, y: number, s: number, accent: string, variant: number): string {
  const w = (v: number) => Math.round(v * s);
  const glass = `fill="#ffffff" fill-opacity="0.1" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${w(2)}"`;
  switch (motif) {
    case "chat":
      return `<g transform="translate(${x} ${y})">
        <rect x="0" y="0" width="${w(300)}" height="${w(84)}" rx="${w(28)}" ${glass}/>
        <rect x="${w(24)}" y="${w(26)}" width="${w(200)}" height="${w(12)}" rx="${w(6)}" fill="#fff" fill-opacity="0.75"/>
        <rect x="${w(24)}" y="${w(48)}" width="${w(140)}" height="${w(12)}" rx="${w(6)}" fill="#fff" fill-opacity="0.45"/>
        <rect x="${w(90)}" y="${w(112)}" width="${w(300)}" height="${w(84)}" rx="${w(28)}" fill="${variant ? BRAND.green : accent}"/>
        <rect x="${w(114)}" y="${w(138)}" width="${w(220)}" height="${w(12)}" rx="${w(6)}" fill="#fff" fill-opacity="0.9"/>
        <rect x="${w(114)}" y="${w(160)}" width="${w(120)}" height="${w(12)}" rx="${w(6)}" fill="#fff" fill-opacity="0.6"/>
        <rect x="0" y="${w(224)}" width="${w(210)}" height="${w(70)}" rx="${w(28)}" ${glass}/>
        <circle cx="${w(50)}" cy="${w(259)}" r="${w(8)}" fill="#fff"/><circle cx="${w(80)}" cy="${w(259)}" r="${w(8)}" fill="#fff" fill-opacity="0.7"/><circle cx="${w(110)}" cy="${w(259)}" r="${w(8)}" fill="#fff" fill-opacity="0.4"/>
      </g>`;
    case "phone": {
      const tiles = Array.from({ length: 9 }, (_, i) => {
        const cx = w(26 + (i % 3) * 76);
        const cy = w(120 + Math.floor(i / 3) * 76);
        const colors = [accent, BRAND.blue, "#f59e0b", BRAND.green, "#ffffff"];
        return `<rect x="${cx}" y="${cy}" width="${w(70)}" height="${w(70)}" rx="${w(8)}" fill="${colors[(i + variant) % colors.length]}" fill-opacity="${i % 2 ? 0.55 : 0.85}"/>`;
      }).join("");
      return `<g transform="translate(${x} ${y})">
        <rect x="0" y="0" width="${w(280)}" height="${w(440)}" rx="${w(40)}" fill="${BRAND.navy}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="${w(6)}"/>
        <circle cx="${w(60)}" cy="${w(66)}" r="${w(30)}" fill="${accent}"/>
        <rect x="${w(104)}" y="${w(50)}" width="${w(140)}" height="${w(12)}" rx="${w(6)}" fill="#fff" fill-opacity="0.8"/>
        <rect x="${w(104)}" y="${w(72)}" width="${w(90)}" height="${w(10)}" rx="${w(5)}" fill="#fff" fill-opacity="0.4"/>
        ${tiles}
        <path d="M${w(300)} ${w(60)} c ${w(-20)} ${w(-30)} ${w(-60)} ${w(-10)} ${w(-40)} ${w(20)} l ${w(40)} ${w(40)} l ${w(40)} ${w(-40)} c ${w(20)} ${w(-30)} ${w(-20)} ${w(-50)} ${w(-40)} ${w(-20)} z" fill="#ef4444"/>
      </g>`;
    }
    case "browser":
      return `<g transform="translate(${x} ${y})">
        <rect x="0" y="0" width="${w(460)}" height="${w(320)}" rx="${w(18)}" fill="#ffffff" fill-opacity="0.95"/>
        <rect x="0" y="0" width="${w(460)}" height="${w(40)}" rx="${w(18)}" fill="${BRAND.navy}" fill-opacity="0.9"/>
        <circle cx="${w(24)}" cy="${w(20)}" r="${w(7)}" fill="#ef4444"/><circle cx="${w(46)}" cy="${w(20)}" r="${w(7)}" fill="#f59e0b"/><circle cx="${w(68)}" cy="${w(20)}" r="${w(7)}" fill="${BRAND.green}"/>
        <rect x="${w(28)}" y="${w(66)}" width="${w(220)}" height="${w(22)}" rx="${w(6)}" fill="${BRAND.navy}"/>
        <rect x="${w(28)}" y="${w(100)}" width="${w(180)}" height="${w(12)}" rx="${w(6)}" fill="#94a3b8"/>
        <rect x="${w(28)}" y="${w(122)}" width="${w(150)}" height="${w(12)}" rx="${w(6)}" fill="#cbd5e1"/>
        <rect x="${w(28)}" y="${w(154)}" width="${w(120)}" height="${w(36)}" rx="${w(18)}" fill="${variant ? BRAND.green : accent}"/>
        <rect x="${w(272)}" y="${w(62)}" width="${w(160)}" height="${w(128)}" rx="${w(12)}" fill="${accent}" fill-opacity="0.35"/>
        ${[0, 1, 2].map((i) => `<rect x="${w(28 + i * 140)}" y="${w(214)}" width="${w(124)}" height="${w(80)}" rx="${w(10)}" fill="#e2e8f0"/>`).join("")}
      </g>`;
    case "play":
      return `<g transform="translate(${x} ${y})">
        <rect x="0" y="0" width="${w(440)}" height="${w(260)}" rx="${w(20)}" ${glass}/>
        ${Array.from({ length: 9 }, (_, i) => `<rect x="${w(18 + i * 46)}" y="${w(12)}" width="${w(26)}" height="${w(14)}" rx="${w(3)}" fill="#fff" fill-opacity="0.45"/><rect x="${w(18 + i * 46)}" y="${w(234)}" width="${w(26)}" height="${w(14)}" rx="${w(3)}" fill="#fff" fill-opacity="0.45"/>`).join("")}
        <circle cx="${w(220)}" cy="${w(130)}" r="${w(66)}" fill="${accent}"/>
        <path d="M${w(198)} ${w(96)} L${w(198)} ${w(164)} L${w(258)} ${w(130)} Z" fill="#fff"/>
        <rect x="${w(30)}" y="${w(286)}" width="${w(380)}" height="${w(10)}" rx="${w(5)}" fill="#fff" fill-opacity="0.3"/>
        <rect x="${w(30)}" y="${w(286)}" width="${w(140 + variant * 120)}" height="${w(10)}" rx="${w(5)}" fill="${accent}"/>
      </g>`;
    case "chart": {
      const bars = [90, 130, 120, 180, 220, 280].map(
        (h, i) =>
          `<rect x="${w(20 + i * 66)}" y="${w(300 - h)}" width="${w(44)}" height="${w(h)}" rx="${w(8)}" fill="${i === 5 ? accent : "#ffffff"}" fill-opacity="${i === 5 ? 1 : 0.25 + i * 0.08}"/>`,
      );
      return `<g transform="translate(${x} ${y})">
        ${bars.join("")}
        <polyline points="${[200, 170, 180, 120, 80, 20].map((v, i) => `${w(42 + i * 66)},${w(v)}`).join(" ")}" fill="none" stroke="${variant ? "#f59e0b" : BRAND.green}" stroke-width="${w(6)}" stroke-linecap="round" stroke-linejoin="round"/>
        <circle cx="${w(372)}" cy="${w(20)}" r="${w(12)}" fill="#fff"/>
        <line x1="0" y1="${w(302)}" x2="${w(420)}" y2="${w(302)}" stroke="#fff" stroke-opacity="0.5" stroke-width="${w(3)}"/>
      </g>`;
    }
    case "article":
      return `<g transform="translate(${x} ${y})">
        <rect x="0" y="0" width="${w(340)}" height="${w(400)}" rx="${w(18)}" fill="#ffffff" fill-opacity="0.95"/>
        <rect x="${w(28)}" y="${w(30)}" width="${w(284)}" height="${w(130)}" rx="${w(12)}" fill="${accent}" fill-opacity="0.8"/>
        ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${w(28)}" y="${w(186 + i * 30)}" width="${w(i === 0 ? 240 : 284 - (i % 3) * 40)}" height="${w(i === 0 ? 18 : 12)}" rx="${w(6)}" fill="${i === 0 ? BRAND.navy : "#94a3b8"}"/>`).join("")}
      </g>`;
  }
}

/** The natural size of each motif drawing at scale 1. */
const MOTIF_SIZE: Record<Motif, [number, number]> = {
  chat: [390, 294],
  phone: [340, 440],
  browser: [460, 320],
  play: [440, 296],
  chart: [420, 302],
  article: [340, 400],
};

/**
 * A cover picture: gradient, soft light, dotted grid, a chip, and either the motif of the kind of
 * work (variant 0) or a short text such as a result (variant 1). Everything sits in the centre
 * 60% of the width, because pages crop covers to their own aspect ratios.
 */
export function coverSvg(options: {
  width: number;
  height: number;
  kicker: string;
  motif: Motif;
  /** Shown large instead of the motif (gallery pictures), or small under it (`caption`). */
  text?: string;
  caption?: string;
  variant?: number;
  footer?: string;
}): string {
  const { width, height, kicker, motif, text, caption, variant = 0, footer = "Wind Digital" } = options;
  const accent = ACCENTS[motif];
  const rnd = random(`${kicker}${text ?? ""}${caption ?? ""}${variant}`);
  const s = Math.min(width / 1280, height / 800);
  const cx = width / 2;
  const angle = variant ? "x1='1' y1='0' x2='0' y2='1'" : "x1='0' y1='0' x2='1' y2='1'";
  const circles = Array.from({ length: 3 }, (_, i) => {
    const r = Math.round((180 + rnd() * 220) * s);
    return `<circle cx="${Math.round(rnd() * width)}" cy="${Math.round(rnd() * height)}" r="${r}" fill="url(#glow${i % 2})"/>`;
  }).join("");
  const chipSize = Math.round(24 * s);
  const chipWidth = Math.round((kicker.length * 18 + 56) * s);
  const chipY = Math.round(height * 0.12);
  let body: string;
  if (text) {
    const size = Math.round(52 * s);
    const lines = wrap(text, size, width * 0.58, 4);
    const top = height / 2 - ((lines.length - 1) * size * 1.2) / 2 + size * 0.35;
    body = lines
      .map(
        (l, i) =>
          `<text x="${cx}" y="${Math.round(top + i * size * 1.2)}" text-anchor="middle" font-size="${size}" font-family="DejaVu Sans" font-weight="bold" fill="#fff">${escapeXml(l)}</text>`,
      )
      .join("");
  } else {
    const [mw, mh] = MOTIF_SIZE[motif];
    const k = Math.min((height * (caption ? 0.5 : 0.58)) / mh, (width * 0.5) / mw);
    const top = height * (caption ? 0.24 : 0.22);
    body = `<g transform="translate(${Math.round(cx - (mw * k) / 2)} ${Math.round(top)})">${motifArt(motif, 0, 0, k, accent, variant)}</g>`;
    if (caption) {
      const size = Math.round(40 * s);
      body += `<text x="${cx}" y="${Math.round(top + mh * k + size * 1.6)}" text-anchor="middle" font-size="${size}" font-family="DejaVu Sans" font-weight="bold" fill="#fff">${escapeXml(caption)}</text>`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" ${angle}><stop offset="0" stop-color="${BRAND.navy}"/><stop offset="0.6" stop-color="#102c57"/><stop offset="1" stop-color="${variant ? accent : BRAND.blue}"/></linearGradient>
    <radialGradient id="glow0"><stop offset="0" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
    <radialGradient id="glow1"><stop offset="0" stop-color="${BRAND.blue}" stop-opacity="0.6"/><stop offset="1" stop-color="${BRAND.blue}" stop-opacity="0"/></radialGradient>
    <pattern id="dots" width="${Math.round(28 * s)}" height="${Math.round(28 * s)}" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="${Math.max(1, 1.6 * s)}" fill="#ffffff" fill-opacity="0.12"/></pattern>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${circles}
  <rect width="100%" height="100%" fill="url(#dots)"/>
  <rect x="${Math.round(cx - chipWidth / 2)}" y="${chipY}" width="${chipWidth}" height="${Math.round(chipSize * 2)}" rx="${chipSize}" fill="${accent}"/>
  <text x="${cx}" y="${Math.round(chipY + chipSize * 1.36)}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${chipSize}" letter-spacing="1" fill="#fff">${escapeXml(kicker.toUpperCase())}</text>
  ${body}
  <text x="${cx}" y="${height - Math.round(44 * s)}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${Math.round(26 * s)}" fill="#fff" fill-opacity="0.85">${escapeXml(footer)}</text>
</svg>`;
}

/** An LED panel on a pole at dusk, its screen showing an ad, with the panel's number and place. */
export function ledPanelSvg(options: { width: number; height: number; number: string; location: string; district: string }): string {
  const { width, height, number, location, district } = options;
  const rnd = random(location);
  const accents = [BRAND.blue, BRAND.green, "#f59e0b", "#db2777", "#7c3aed", "#06b6d4"];
  const accent = accents[Number(number) % accents.length]!;
  const skyline = Array.from({ length: 14 }, (_, i) => {
    const bw = 60 + rnd() * 70;
    const bh = 120 + rnd() * 260;
    const bx = i * (width / 13) - 20;
    const windows = Array.from({ length: Math.floor(bh / 36) }, (_, k) =>
      rnd() > 0.45
        ? `<rect x="${bx + 14}" y="${height - 110 - bh + 20 + k * 36}" width="${bw - 28}" height="10" fill="#fde68a" fill-opacity="${0.25 + rnd() * 0.4}"/>`
        : "",
    ).join("");
    return `<rect x="${bx}" y="${height - 110 - bh}" width="${bw}" height="${bh}" fill="#0a1628"/>${windows}`;
  }).join("");
  const sx = width * 0.2;
  const sy = height * 0.12;
  const sw = width * 0.6;
  const sh = height * 0.42;
  const place = wrap(location, 38, sw - 100, 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1f3a"/><stop offset="0.65" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f59e0b" stop-opacity="0.8"/></linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${BRAND.navy}"/></linearGradient>
    <radialGradient id="halo"><stop offset="0" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <ellipse cx="${width / 2}" cy="${sy + sh / 2}" rx="${sw * 0.75}" ry="${sh}" fill="url(#halo)"/>
  ${skyline}
  <rect x="0" y="${height - 110}" width="${width}" height="110" fill="#111827"/>
  ${Array.from({ length: 8 }, (_, i) => `<rect x="${i * (width / 7)}" y="${height - 58}" width="${width / 14}" height="6" fill="#fbbf24" fill-opacity="0.8"/>`).join("")}
  <rect x="${width / 2 - 14}" y="${sy + sh}" width="28" height="${height - 110 - sy - sh}" fill="#374151"/>
  <rect x="${sx - 14}" y="${sy - 14}" width="${sw + 28}" height="${sh + 28}" rx="10" fill="#1f2937"/>
  <rect x="${sx}" y="${sy}" width="${sw}" height="${sh}" fill="url(#screen)"/>
  <text x="${sx + 40}" y="${sy + 70}" font-family="DejaVu Sans" font-weight="bold" font-size="30" fill="#fff" fill-opacity="0.85">PAINEL ${number}</text>
  ${textLines(place, sx + 40, sy + 130, 38, `font-family="DejaVu Sans" font-weight="bold" fill="#fff"`)}
  <text x="${sx + 40}" y="${sy + sh - 34}" font-family="DejaVu Sans" font-size="26" fill="#fff" fill-opacity="0.8">${escapeXml(district)} · Goiânia</text>
  <circle cx="${sx + sw - 50}" cy="${sy + 60}" r="18" fill="${BRAND.green}"/>
</svg>`;
}

const FONT_FAMILY = {
  sans: `font-family="DejaVu Sans" font-weight="bold"`,
  serif: `font-family="DejaVu Serif" font-weight="bold"`,
  mono: `font-family="DejaVu Sans Mono" font-weight="bold"`,
  condensed: `font-family="Liberation Sans Narrow" font-weight="bold"`,
} as const;

/** A client wordmark on a transparent background (trimmed after rendering). */
export function logoSvg(options: {
  name: string;
  color: string;
  font: keyof typeof FONT_FAMILY;
  symbol: "circle" | "leaf" | "square" | "triangle" | "drop" | "star" | "none";
  tagline?: string;
}): string {
  const { name, color, font, symbol, tagline } = options;
  const c = color;
  const symbols: Record<string, string> = {
    circle: `<circle cx="60" cy="80" r="44" fill="${c}"/><circle cx="60" cy="80" r="20" fill="#fff"/>`,
    leaf: `<path d="M20 120 C 20 50, 70 30, 104 36 C 108 80, 80 124, 20 120 Z" fill="${c}"/><path d="M22 118 L 90 50" stroke="#fff" stroke-width="5"/>`,
    square: `<rect x="16" y="36" width="88" height="88" rx="18" fill="${c}"/><path d="M36 100 L60 60 L84 100 Z" fill="#fff"/>`,
    triangle: `<path d="M60 30 L108 124 L12 124 Z" fill="${c}"/><path d="M60 70 L80 110 L40 110 Z" fill="#fff"/>`,
    drop: `<path d="M60 28 C 84 64, 100 84, 100 100 A 40 40 0 0 1 20 100 C 20 84, 36 64, 60 28 Z" fill="${c}"/>`,
    star: `<path d="M60 28 L72 66 L112 66 L80 90 L92 128 L60 104 L28 128 L40 90 L8 66 L48 66 Z" fill="${c}"/>`,
    none: "",
  };
  const textX = symbol === "none" ? 10 : 130;
  const display = font === "mono" ? name.toLowerCase() : name;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="170" viewBox="0 0 900 170">
  ${symbols[symbol]}
  <text x="${textX}" y="${tagline ? 92 : 104}" font-size="60" ${FONT_FAMILY[font]} fill="${c}">${escapeXml(display)}</text>
  ${tagline ? `<text x="${textX + 2}" y="136" font-size="24" font-family="DejaVu Sans" letter-spacing="4" fill="${c}" fill-opacity="0.75">${escapeXml(tagline)}</text>` : ""}
</svg>`;
}

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return `${parts[0]?.[0] ?? ""}${parts.length > 1 ? parts[parts.length - 1]![0] : ""}`.toUpperCase();
}

/** A portrait placeholder: initials over a gradient, with a soft head-and-shoulders shape. */
export function avatarSvg(name: string, size = 400): string {
  const rnd = random(name);
  const accents = [BRAND.blue, "#7c3aed", "#db2777", "#0891b2", "#15803d"];
  const accent = accents[Math.floor(rnd() * accents.length)]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${BRAND.navy}"/></linearGradient></defs>
  <rect width="400" height="400" fill="url(#g)"/>
  <circle cx="200" cy="160" r="78" fill="#fff" fill-opacity="0.18"/>
  <path d="M70 400 C 80 300, 140 260, 200 260 C 260 260, 320 300, 330 400 Z" fill="#fff" fill-opacity="0.18"/>
  <text x="200" y="188" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="84" fill="#fff">${escapeXml(initials(name))}</text>
</svg>`;
}

/** The transparent layer drawn over a generated video: a title card with optional person. */
export function videoOverlaySvg(options: { width: number; height: number; kicker: string; title: string; subtitle?: string; person?: string }): string {
  const { width, height, kicker, title, subtitle, person } = options;
  const vertical = height > width;
  const s = vertical ? width / 540 : width / 1280;
  const titleSize = Math.round((vertical ? 44 : 60) * s);
  // Landscape clips are often shown cropped to 4:3 or narrower: keep the text in the middle.
  const lines = wrap(title, titleSize, width * (vertical ? 0.82 : 0.5), 3);
  const top = vertical ? height * 0.56 : height * 0.42;
  const avatar = person
    ? `<circle cx="${width / 2}" cy="${height * 0.32}" r="${110 * s}" fill="#fff" fill-opacity="0.16" stroke="#fff" stroke-opacity="0.6" stroke-width="${4 * s}"/>
       <text x="${width / 2}" y="${height * 0.32 + 30 * s}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${86 * s}" fill="#fff">${escapeXml(initials(person))}</text>
       <text x="${width / 2}" y="${height * 0.32 + 190 * s}" text-anchor="middle" font-family="DejaVu Serif" font-size="${120 * s}" fill="${BRAND.green}">“</text>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  ${avatar}
  <text x="${width / 2}" y="${top}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${Math.round(24 * s)}" letter-spacing="3" fill="${BRAND.green}">${escapeXml(kicker.toUpperCase())}</text>
  ${lines.map((l, i) => `<text x="${width / 2}" y="${top + titleSize * 1.4 + i * titleSize * 1.18}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${titleSize}" fill="#fff">${escapeXml(l)}</text>`).join("")}
  ${subtitle ? `<text x="${width / 2}" y="${top + titleSize * 1.4 + lines.length * titleSize * 1.18 + 20 * s}" text-anchor="middle" font-family="DejaVu Sans" font-size="${Math.round(26 * s)}" fill="#fff" fill-opacity="0.85">${escapeXml(subtitle)}</text>` : ""}
  <text x="${width / 2}" y="${height - 48 * s}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${Math.round(24 * s)}" fill="#fff" fill-opacity="0.8">Wind Digital</text>
</svg>`;
}

/** A wide, soft background for a video: the clip pans across it and back (so it loops). */
export function videoBackdropSvg(width: number, height: number, colors: string[]): string {
  const rnd = random(colors.join(""));
  const glows = Array.from({ length: 7 }, (_, i) => {
    const color = `#${colors[1 + (i % (colors.length - 1))]}`;
    const r = Math.round(Math.min(width, height) * (0.35 + rnd() * 0.35));
    return `<radialGradient id="g${i}"><stop offset="0" stop-color="${color}" stop-opacity="0.75"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>
    <circle cx="${Math.round((i / 6) * width)}" cy="${Math.round(rnd() * height)}" r="${r}" fill="url(#g${i})"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="100%" height="100%" fill="#${colors[0]}"/>
  ${glows}
</svg>`;
}
