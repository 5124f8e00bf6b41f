// A small set of line icons drawn for this site (24×24, stroke = currentColor). Decorative by
// default: give a `label` when the icon is the only content of a control.
const paths = {
  "arrow-right": "M5 12h14M13 6l6 6-6 6",
  "arrow-left": "M19 12H5M11 6l-6 6 6 6",
  check: "M5 12.5l4.5 4.5L19 7",
  close: "M6 6l12 12M18 6L6 18",
  menu: "M4 7h16M4 12h16M4 17h16",
  star: "M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z",
  play: "M8 5.5v13l11-6.5z",
  mail: "M3.5 6.5h17v11h-17zM4 7l8 6 8-6",
  phone: "M6.5 3.5l3 .5 1.5 4-2 1.5a11 11 0 005.5 5.5l1.5-2 4 1.5.5 3c0 1-1 2-2 2A16.5 16.5 0 014.5 5.5c0-1 1-2 2-2z",
  "map-pin": "M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 100-5 2.5 2.5 0 000 5z",
  clock: "M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3.5 2",
  chat: "M4 5.5h16v10H9l-5 4zM8 10.5h8",
  whatsapp:
    "M12 3a9 9 0 00-7.8 13.5L3 21l4.6-1.2A9 9 0 1012 3zm-3.2 5.2c.3-.3.6-.3.9-.3l.6.1 1 2.2-.5.9c-.2.3-.1.5 0 .7a6 6 0 002.5 2.3c.3.1.5.1.7-.1l.8-1 2.2 1c0 .4 0 1.1-.4 1.5-.5.6-1.5.9-2.2.7a9 9 0 01-5.4-4.6c-.5-1-.6-2.4.2-3.4z",
  bot: "M12 3v3M6 8h12a2 2 0 012 2v7a2 2 0 01-2 2H6a2 2 0 01-2-2v-7a2 2 0 012-2zM9 13h.01M15 13h.01M9.5 16.5h5",
  share: "M17 8a3 3 0 100-6 3 3 0 000 6zM7 15a3 3 0 100-6 3 3 0 000 6zM17 22a3 3 0 100-6 3 3 0 000 6zM9.6 10.6l4.8-2.6M9.6 13.4l4.8 2.6",
  target: "M12 21a9 9 0 100-18 9 9 0 000 18zM12 16.5a4.5 4.5 0 100-9 4.5 4.5 0 000 9zM12 12h.01",
  monitor: "M3.5 4.5h17v11h-17zM9 20h6M12 15.5V20",
  video: "M3.5 6.5h12v11h-12zM15.5 10.5l5-3v9l-5-3",
  users: "M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 20a6.5 6.5 0 0113 0M16 4.3a3.5 3.5 0 010 6.4M18 14a6.5 6.5 0 013.5 6",
  user: "M12 11a4 4 0 100-8 4 4 0 000 8zM4.5 21a7.5 7.5 0 0115 0",
  megaphone: "M4 10v4h3l8 4.5v-13L7 10zM18 9.5a3.5 3.5 0 010 5M7 14l1.5 5.5h2.5L10 15",
  search: "M10.5 17.5a7 7 0 100-14 7 7 0 000 14zM15.5 15.5l5 5",
  puzzle: "M4 8h4a2 2 0 114 0h4v4a2 2 0 110 4v4H4v-4a2 2 0 100-4z",
  gear: "M12 15a3 3 0 100-6 3 3 0 000 6zM12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1",
  "trending-down": "M3 7l6.5 6.5 4-4L21 17M21 11.5V17h-5.5",
  chart: "M4 20V10M10 20V4M16 20v-7M22 20H2",
  handshake: "M2.5 11l4-4 4 2 3-2 3.5 1 4.5 4-5 5.5-3-2-2 2-3-2.5-2.5 1zM10.5 9l3 3",
  award: "M12 15a6 6 0 100-12 6 6 0 000 12zM8.5 14l-1.5 7 5-3 5 3-1.5-7",
  bolt: "M13 2.5L4.5 13.5H12L11 21.5l8.5-11H12z",
  instagram: "M4 8a4 4 0 014-4h8a4 4 0 014 4v8a4 4 0 01-4 4H8a4 4 0 01-4-4zM12 15.5a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM17 7h.01",
  facebook: "M14.5 8.5H17V5h-2.5A3.5 3.5 0 0011 8.5V11H8.5v3.5H11V21h3.5v-6.5H17l.5-3.5h-3V9a.5.5 0 01.5-.5z",
  linkedin: "M4.5 9.5h3.5V20H4.5zM6.25 7a1.75 1.75 0 100-3.5 1.75 1.75 0 000 3.5zM11 9.5h3.3v1.6c.6-1 1.8-1.8 3.4-1.8 2.6 0 3.8 1.6 3.8 4.6V20H18v-5.5c0-1.5-.5-2.4-1.8-2.4-1.4 0-2.2 1-2.2 2.4V20H11z",
  tiktok: "M14 3.5h3a4.5 4.5 0 004 4v3a7.5 7.5 0 01-4-1.2V15a6 6 0 11-6-6v3.2a2.8 2.8 0 102.8 2.8z",
  youtube: "M3 8.5a3 3 0 012.7-3C7.6 5.2 9.8 5 12 5s4.4.2 6.3.5a3 3 0 012.7 3v7a3 3 0 01-2.7 3c-1.9.3-4.1.5-6.3.5s-4.4-.2-6.3-.5a3 3 0 01-2.7-3zM10 9v6l5-3z",
  calendar: "M4 5.5h16V20H4zM4 10h16M8 3v4M16 3v4",
} as const;

export type IconName = keyof typeof paths;

const filled: ReadonlySet<IconName> = new Set<IconName>(["star", "play", "whatsapp", "facebook", "linkedin", "tiktok", "youtube"]);

export function Icon({ name, className = "size-5", label }: { name: IconName; className?: string; label?: string }) {
  const isFilled = filled.has(name);
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill={isFilled ? "currentColor" : "none"}
      stroke={isFilled ? "none" : "currentColor"}
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={paths[name]} fillRule={name === "whatsapp" || name === "youtube" ? "evenodd" : undefined} />
    </svg>
  );
}
