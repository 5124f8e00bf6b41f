// A small set of line icons drawn for this site (24×24, stroke = currentColor), kept in one SVG
// sprite (icons.svg, a hashed asset cached for a year) so their drawings stay out of the client
// JavaScript. Decorative by default: give a `label` when the icon is the only content of a control.
import sprite from "./icons.svg?url";

export type IconName =
  | "arrow-right"
  | "arrow-left"
  | "check"
  | "close"
  | "menu"
  | "star"
  | "play"
  | "mail"
  | "phone"
  | "map-pin"
  | "clock"
  | "chat"
  | "whatsapp"
  | "bot"
  | "share"
  | "target"
  | "monitor"
  | "video"
  | "users"
  | "user"
  | "megaphone"
  | "search"
  | "puzzle"
  | "gear"
  | "trending-down"
  | "chart"
  | "handshake"
  | "award"
  | "bolt"
  | "instagram"
  | "facebook"
  | "linkedin"
  | "tiktok"
  | "youtube"
  | "calendar";

export function Icon({ name, className = "size-5", label }: { name: IconName; className?: string; label?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} role={label ? "img" : undefined} aria-label={label} aria-hidden={label ? undefined : true} focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
