/**
 * Text from customers, payers or the database, made safe to print on a staff terminal (issue 13).
 * A reference or a name can carry control characters: ESC starts ANSI sequences that clear the screen,
 * move the cursor or recolour text, CR and LF can print a fake line, C1 codes (U+0080–U+009F) act as
 * ESC in some terminals, and bidi controls reverse how the rest of a line reads. Each such character is
 * shown as a visible escape instead (\x1b, \x0a, \u202e), so what staff read is what is stored.
 * Everything else, Indian scripts (with their joiners) and the ₹ sign included, passes unchanged.
 * A backslash is left as it is: the output is for reading, not for parsing back.
 */

/**
 * C0 controls (tab and newline too: a value must stay on its line), DEL, C1 controls, and the
 * Unicode controls that change text direction or break lines: Arabic letter mark U+061C, LRM/RLM
 * U+200E–U+200F, line and paragraph separators U+2028–U+2029, embeddings and overrides
 * U+202A–U+202E, isolates U+2066–U+2069.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function visible(character: string): string {
  const code = character.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One value for the terminal: every control character shown as an escape. */
export function terminalText(value: unknown): string {
  return String(value ?? '').replace(UNSAFE, visible);
}

/**
 * Text of several lines whose line breaks are the printer's own (a message, pretty-printed JSON):
 * each line is made safe, the breaks between them are kept.
 */
export function terminalLines(text: string): string {
  return text.split('\n').map(terminalText).join('\n');
}

/**
 * A template whose fixed parts are trusted and whose every interpolated value is made safe:
 * terminalSafe`Recorded on ${loanNo} (ref ${reference})`.
 */
export function terminalSafe(parts: TemplateStringsArray, ...values: unknown[]): string {
  return parts.reduce((text, part, i) => text + part + (i < values.length ? terminalText(values[i]) : ''), '');
}
