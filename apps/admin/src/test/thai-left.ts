/**
 * Thai script (the Unicode Thai block U+0E00–U+0E7F) except the baht sign ฿ (U+0E3F), the currency's
 * symbol in English too: none may remain on a screen in English mode (issue 25 §4).
 */
const THAI = /[\u0E00-\u0E3E\u0E40-\u0E7F]+/g;

/**
 * The Thai words a rendered screen still shows, each with a little of its surroundings: in its text
 * and in the attributes a person reads (placeholder, aria-label, title, alt). `[]` when the screen
 * speaks English only. Fixtures keep member-provided data (names, staff-typed reasons) Latin so
 * that any Thai found is the screen's own; a fixture shared with Thai-mode tests names its Thai data
 * in `memberData` (account names, bank reasons as the bank sent them), which is skipped.
 */
export function thaiLeftIn(root: HTMLElement, memberData: readonly string[] = []): string[] {
  const found = new Set<string>();
  const texts = [root.textContent ?? ''];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const name of ['placeholder', 'aria-label', 'title', 'alt']) texts.push(element.getAttribute(name) ?? '');
  }
  for (const raw of texts) {
    const text = memberData.reduce((rest, data) => rest.replaceAll(data, ' '), raw);
    for (const match of text.matchAll(THAI)) found.add(text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 10));
  }
  return [...found];
}
