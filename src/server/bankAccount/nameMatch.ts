/**
 * Whether the holder's name the bank answers is the PAN's holder (docs/decisions.md, "The bank account
 * verified, and its holder the PAN's"). Banks and the Income Tax department write one person's name in
 * different ways: capitals, initials, the surname first, a middle name or a father's name added or
 * left out, a title. The rule: both names are reduced to words (capitals, accents and punctuation
 * gone, titles dropped); the names match when they are the same letters once spaces are removed, or
 * when the shorter name's words can each be paired with a different word of the longer one, in any
 * order (a whole word with the same word, an initial with a word it begins or the same initial), with
 * at least one whole word paired, and at most one word of the longer name left over. A one-word name
 * matches only the same one word.
 */

const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'DR', 'SHRI', 'SRI', 'SMT', 'KUMARI', 'KUM', 'MASTER', 'SHREE']);

/** The words of a name: capitals, no accents, no punctuation, no titles. */
function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word && !TITLES.has(word));
}

type NameMatch = { match: true } | { match: false; reason: string };

export function matchNames(panName: string, bankName: string): NameMatch {
  const pan = nameWords(panName);
  const bank = nameWords(bankName);
  if (pan.length === 0 || bank.length === 0) return { match: false, reason: 'no name to compare' };
  if (pan.join('') === bank.join('')) return { match: true };
  const [shorter, longer] = pan.length <= bank.length ? [pan, bank] : [bank, pan];
  if (shorter.length === 1 && longer.length > 1) return { match: false, reason: 'one word against several' };
  const left = [...longer];
  let whole = 0;
  // Whole words first, so an initial never takes the word a whole word needs.
  const initials: string[] = [];
  for (const word of shorter) {
    const at = word.length > 1 ? left.indexOf(word) : -1;
    if (at >= 0) {
      left.splice(at, 1);
      whole += 1;
    } else initials.push(word);
  }
  for (const word of initials) {
    const at = left.findIndex((other) =>
      word.length === 1 ? other.startsWith(word) : other.length === 1 && word.startsWith(other),
    );
    if (at < 0) return { match: false, reason: `${word} has no counterpart` };
    left.splice(at, 1);
  }
  if (whole === 0) return { match: false, reason: 'initials only' };
  if (left.length > 1) return { match: false, reason: `${left.length} words left over` };
  return { match: true };
}
