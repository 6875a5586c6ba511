import { describe, expect, it } from 'vitest';
import { terminalLines, terminalSafe, terminalText } from '../../src/lib/terminalText.ts';

describe('text for a staff terminal', () => {
  it('shows every control character as an escape: C0, DEL, C1, ANSI sequences, bidi controls', () => {
    expect(terminalText('\x1b[2J\x1b[H\r\npaid')).toBe('\\x1b[2J\\x1b[H\\x0d\\x0apaid');
    expect(terminalText('a\tb\x00c\x7fd\x9b31m')).toBe('a\\x09b\\x00c\\x7fd\\x9b31m');
    expect(terminalText('Ravi \u202eKumar\u2066x\u2069\u200f\u2028')).toBe(
      'Ravi \\u202eKumar\\u2066x\\u2069\\u200f\\u2028',
    );
  });

  it('leaves Indian text, the rupee sign and joiners as they are', () => {
    for (const text of ['₹1,00,000.50', 'श्रीनिवास', 'ക്‌ഷ', 'Priya Sharma', 'a\\x1b stays a backslash']) {
      expect(terminalText(text)).toBe(text);
    }
    expect(terminalText(null)).toBe('');
    expect(terminalText(42)).toBe('42');
  });

  it('escapes the values of a template and keeps its own text; keeps the lines of a block', () => {
    const reference = 'X\nKCL1 PAID';
    expect(terminalSafe`ref ${reference}\nnext`).toBe('ref X\\x0aKCL1 PAID\nnext');
    expect(terminalLines('{\n  "note": "\u202eabc\x9b"\n}')).toBe('{\n  "note": "\\u202eabc\\x9b"\n}');
  });
});
