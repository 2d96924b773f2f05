/**
 * Does the sender name a bank printed on a deposit name the member who typed their holder name at
 * sign-up (NAME_INQUIRY_PROVIDER=declared, docs/adr/0040)? Pure.
 *
 * Both names are normalized: Unicode NFC, trimmed, runs of spaces as one, upper case (Latin is
 * compared case-insensitively; Thai has no case). A leading title is dropped from either side,
 * glued or spaced (`นายสมชาย`, `นาย สมชาย`): นาย, นาง, นางสาว, น.ส., ด.ช., ด.ญ., เด็กชาย, เด็กหญิง,
 * MR, MRS, MISS, MS (with or without a dot). Both the form with the title dropped and the form as
 * written are tried, so a name that merely starts like a title (`นายิกา`) still compares as itself.
 *
 * Banks truncate names to a field's width and mask them (`สมชาย ใจ***`, `SOMCHAI J*`): trailing
 * mask characters (`*`, `•`, `#`) and a trailing dot are dropped (not `X`: it is a Latin letter),
 * and what is left may be a prefix of the member's full name, provided it shows the whole first
 * name and at least MIN_VISIBLE_LAST_NAME_CHARACTERS of the last name.
 *
 * - `same`: equal, or a long-enough prefix (this verifies the account);
 * - `undecidable`: a prefix too short to tell, nothing visible, or the two names in different
 *   scripts (a Latin statement name against a Thai typed name: no transliteration is guessed);
 * - `different`: anything else.
 * Only `same` ever verifies; the others are shown to staff.
 */
export type HolderNameComparison = 'same' | 'undecidable' | 'different';

/** With fewer visible characters of the last name, `SOMCHAI J*` would fit every Somchai J…. */
export const MIN_VISIBLE_LAST_NAME_CHARACTERS = 2;

const THAI_TITLE = /^(?:นางสาว|นาง|นาย|น\.ส\.?|ด\.ช\.?|ด\.ญ\.?|เด็กชาย|เด็กหญิง)\s*/u;
const LATIN_TITLE = /^(?:MRS|MR|MISS|MS)(?:\.\s*|\s+)/u;
const TRAILING_MASK = /[\s*•#.]+$/u;

export function compareHolderNames(senderName: string, declared: { firstName: string; lastName: string }): HolderNameComparison {
  const firstName = normalize(declared.firstName);
  const lastName = normalize(declared.lastName);
  const senders = withAndWithoutTitle(normalize(senderName)).map((name) => name.replace(TRAILING_MASK, ''));
  const members = withAndWithoutTitle(firstName).map((first) => ({ first, full: `${first} ${lastName}` }));

  let outcome: HolderNameComparison = 'different';
  for (const sender of senders) {
    for (const member of members) {
      const pair = comparePair(sender, member);
      if (pair === 'same') return 'same';
      if (pair === 'undecidable') outcome = 'undecidable';
    }
  }
  if (outcome === 'different' && senders.some((sender) => scriptOf(sender) !== scriptOf(`${firstName} ${lastName}`))) return 'undecidable';
  return outcome;
}

function comparePair(sender: string, member: { first: string; full: string }): HolderNameComparison {
  if (sender === '') return 'undecidable';
  if (sender === member.full) return 'same';
  if (!member.full.startsWith(sender)) return 'different';
  // A prefix: the bank cut or masked the name.
  const visibleLastName = sender.length - member.first.length - 1;
  return visibleLastName >= MIN_VISIBLE_LAST_NAME_CHARACTERS ? 'same' : 'undecidable';
}

function normalize(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ').toUpperCase();
}

function withAndWithoutTitle(name: string): string[] {
  const untitled = name.replace(THAI_TITLE, '').replace(LATIN_TITLE, '').trim();
  return untitled === name || untitled === '' ? [name] : [untitled, name];
}

function scriptOf(name: string): 'thai' | 'latin' | 'other' {
  if (/[\u0E01-\u0E4E]/u.test(name)) return 'thai';
  if (/[A-Z]/u.test(name)) return 'latin';
  return 'other';
}
