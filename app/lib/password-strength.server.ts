// Whether a new password is hard enough to guess: the one rule, besides the length rules of
// password-rules.ts, that every new password meets wherever it is chosen (an invitation, a reset
// link, "Minha conta", `npm run user:create`, the seed's ADMIN_PASSWORD). Passwords already
// stored keep working: only a password being set is checked.
//
// zxcvbn (the @zxcvbn-ts packages, offline: common and Brazilian Portuguese word lists, common
// passwords, keyboard patterns, dates) estimates how many guesses a password takes, as a score
// from 0 to 4. A new password needs MIN_PASSWORD_SCORE, 3: "safely unguessable" (about 10^10
// guesses), enough against guessing online and against a stolen bcrypt hash at cost 12; 4 would
// refuse many good passphrases. The person's name, e-mail (and its parts) and the agency's name
// count as words an attacker knows, and a password made mostly of them is refused whatever its
// score ("WindDigital2026!", "mariasouza1990").
//
// The estimate runs in the password worker (password.server.ts): its word lists load there on
// first use, once, and never reach a browser. The answer says why, with zxcvbn's own warning and
// suggestions in Portuguese, and how to choose better.
import { site } from "../content/site.ts";
import { estimatePasswordStrength } from "./password.server.ts";

export const MIN_PASSWORD_SCORE = 3;
/** A password at least this share of which is the person's data or the agency's name is refused. */
const MAX_PERSONAL_SHARE = 0.5;

const HOW_TO_CHOOSE =
  "Dica: junte três ou quatro palavras sem relação entre si (não uma frase conhecida), com um número ou símbolo no meio, ou use um gerenciador de senhas.";

/** The words an attacker knows about this person: name, e-mail and its parts, the agency's name. */
function knownWords(person: { email: string; name?: string | null }): string[] {
  const email = person.email.trim().toLowerCase();
  const name = (person.name ?? "").trim().toLowerCase();
  const words = [email, ...email.split(/[@.+_-]+/), name, ...name.split(/\s+/), name.replace(/\s+/g, "")];
  for (const brand of [site.brandName, site.legalName, site.videoBrandName]) {
    const lower = brand.toLowerCase();
    words.push(lower, lower.replace(/\s+/g, ""), ...lower.split(/\s+/));
  }
  // "joão" is typed "joao" in many passwords: both count.
  const plain = words.map((word) => word.normalize("NFD").replace(/\p{M}/gu, ""));
  return [...new Set([...words, ...plain].filter((word) => word.length >= 3))];
}

/**
 * Why `password` is too easy to guess for `person`, in Portuguese (what is wrong, then how to
 * choose better), or null when it is strong enough.
 */
export async function weakPasswordMessage(password: string, person: { email: string; name?: string | null }): Promise<string | null> {
  const estimate = await estimatePasswordStrength(password, knownWords(person));
  const personal = estimate.personalShare >= MAX_PERSONAL_SHARE;
  if (!personal && estimate.score >= MIN_PASSWORD_SCORE) return null;
  const why = personal
    ? "A senha não deve conter os seus dados (nome, e-mail) nem o nome da agência."
    : (estimate.warning ?? "Esta senha seria fácil de adivinhar.");
  return ["Senha fraca.", why, ...estimate.suggestions.filter((s) => s !== why), HOW_TO_CHOOSE].join(" ");
}
