// Kept apart from site-settings.ts, which every public page loads: only the settings form reads
// typed numbers.

/**
 * A Brazilian phone number typed in any common way ("(62) 99123-4567", "+55 62 99123-4567",
 * "62991234567", "062 99123-4567") as the digits a wa.me link needs: 55, the two-digit DDD and
 * the 8- or 9-digit number. Null when it is not such a number: letters, a foreign country code
 * ("+1 ..."), a missing DDD. Without the 55 a wa.me link would open a chat in another country, so
 * a number typed without it gets it.
 */
export function phoneDigits(typed: string): string | null {
  const text = typed.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  if (!text.startsWith("+")) {
    // A long-distance call's leading 0 ("0 62 ..." or "062 ...") is not part of the number.
    if (/^0[1-9]{2}\d{8,9}$/.test(digits)) digits = digits.slice(1);
    if (/^[1-9]{2}\d{8,9}$/.test(digits)) digits = `55${digits}`;
  }
  // After the DDD: a mobile's 9 digits start with 9, a landline's 8 digits with 2 to 5.
  return /^55[1-9]{2}(9\d{8}|[2-5]\d{7})$/.test(digits) ? digits : null;
}
