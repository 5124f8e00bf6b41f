// How long a blog post is, as the editor shows it beside the content: its words and the minutes
// a reader needs. Works on the stored HTML (in the browser as it is typed, on the server for the
// saved text), so it only strips tags; it never builds a DOM.

/** Words a reader gets through per minute (a common figure for Portuguese non-fiction). */
const WORDS_PER_MINUTE = 200;

/** The words of a post's HTML: runs of text with at least one letter or digit. */
export function countWords(html: string): number {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(?:nbsp|#160|#xa0);/gi, " ")
    // Other entities stand for one character inside a word (&eacute;) or for punctuation (&amp;).
    .replace(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi, (entity) => (/^&[a-z]+acute;|^&[a-z]+(?:grave|circ|tilde|uml|cedil);/i.test(entity) ? "e" : " "));
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Whole minutes to read `words`, at least one for any text. */
function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

const numberFormat = new Intl.NumberFormat("pt-BR");

/** "1.234 palavras · 6 min de leitura". */
export function readingSummary(html: string): string {
  const words = countWords(html);
  const count = `${numberFormat.format(words)} ${words === 1 ? "palavra" : "palavras"}`;
  return words === 0 ? count : `${count} · ${readingMinutes(words)} min de leitura`;
}
