// What is personal on a public page: the visitor's no-JavaScript chat conversation and a flash
// toast. Public pages are rendered once for everyone and kept in the server's page cache; for a
// visitor who has a conversation or a toast, the server adds these parts to the cached page (see
// app/personal-parts.server.tsx and server/personal-page.ts): their HTML in place of the anonymous
// ones, and their data in a JSON block that the browser's first render reads, so that hydration
// renders what the page shows.
import type { ChatMessage } from "./chat/texts";
import type { Toast } from "./toast";

export const PERSONAL_DATA_ID = "dados-pessoais";

export interface PersonalData {
  chat?: ChatMessage[];
  toast?: Toast;
}

let spliced: PersonalData | undefined;

/** The personal data the server added to this page (none on the server, or when it added none). */
export function splicedPersonalData(): PersonalData {
  if (typeof document === "undefined") return {};
  if (spliced) return spliced;
  try {
    spliced = JSON.parse(document.getElementById(PERSONAL_DATA_ID)?.textContent || "{}") as PersonalData;
  } catch {
    spliced = {};
  }
  return spliced;
}
