import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatPaise,
  formatPaiseInFull,
  formatRupees,
  MINIMUM_PAYMENT_PAISE,
  paiseFromRupees,
  rupeesFromPaise,
  rupeesText,
} from '../../src/lib/money.ts';

describe('paiseFromRupees', () => {
  it('converts whole and fractional rupees to integer paise', () => {
    expect(paiseFromRupees(0)).toBe(0);
    expect(paiseFromRupees(1)).toBe(100);
    expect(paiseFromRupees(50_000)).toBe(50_00_000);
    expect(paiseFromRupees(1.5)).toBe(150);
    expect(paiseFromRupees(10.25)).toBe(1025);
  });

  it('gives an exact integer where binary floating point would not', () => {
    // 1234.56 * 100 is 123455.99999999999 in floating point.
    expect(paiseFromRupees(1234.56)).toBe(123_456);
    expect(paiseFromRupees(0.1 + 0.2)).toBe(30);
    expect(Number.isInteger(paiseFromRupees(19.99))).toBe(true);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('rejects %s', (bad) => {
    expect(() => paiseFromRupees(bad)).toThrow(RangeError);
    expect(() => paiseFromRupees(bad)).toThrow(/not an amount/);
  });
});

describe('formatPaise', () => {
  it.each([
    [1_00_000_00, '₹1,00,000'],
    [1_00_000_50, '₹1,00,000.50'],
    [12_34_567_00, '₹12,34,567'],
    [5_000_00, '₹5,000'],
    [57_500_00, '₹57,500'],
    [10_02_500, '₹10,025'],
    [100, '₹1'],
    [1, '₹0.01'],
    [50, '₹0.50'],
    [0, '₹0'],
    [12_345_67, '₹12,345.67'],
  ])('%s paise -> %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });

  it.each([100.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s, which is not whole paise', (paise) => {
    expect(() => formatPaise(paise)).toThrow(RangeError);
    expect(() => formatPaise(paise)).toThrow(/integer/);
  });
});

describe('formatRupees (rupees as the API gives them)', () => {
  it.each([
    [20_000, '₹20,000'],
    [1500.5, '₹1,500.50'],
    [0.1 + 0.2, '₹0.30'], // a float's noise is rounded to the paisa, never shown
    [150_000.07, '₹1,50,000.07'],
  ])('%s -> %s', (value, text) => {
    expect(formatRupees(value)).toBe(text);
  });
});

describe('rupeesFromPaise and rupeesText (rupees as the API and the providers carry them)', () => {
  it.each([
    [0, 0, '0.00'],
    [1, 0.01, '0.01'],
    [100, 1, '1.00'],
    [22_000_50, 22_000.5, '22000.50'],
    [12_345_67, 12_345.67, '12345.67'],
  ])('%s paise -> %s rupees, "%s"', (paise, rupees, text) => {
    expect(rupeesFromPaise(paise)).toBe(rupees);
    expect(rupeesText(paise)).toBe(text);
    // And back, to the paisa.
    expect(paiseFromRupees(rupeesFromPaise(paise))).toBe(paise);
    expect(paiseFromRupees(Number(rupeesText(paise)))).toBe(paise);
  });

  it('rounds half up to the paisa: ₹10.005 is 1001 paise', () => {
    expect(paiseFromRupees(10.005)).toBe(1001);
    expect(paiseFromRupees(10.004)).toBe(1000);
  });
});

describe('formatPaiseInFull (statements of account)', () => {
  it.each([
    [10_000_00, '₹10,000.00'],
    [1_50_000_50, '₹1,50,000.50'],
    [0, '₹0.00'],
  ])('%s paise -> %s', (paise, text) => {
    expect(formatPaiseInFull(paise)).toBe(text);
  });

  it('rejects a part of a paisa', () => {
    expect(() => formatPaiseInFull(0.5)).toThrow(/integer/);
  });
});

describe('the ₹1 minimum', () => {
  it('is one rupee, shown as the pages show it', () => {
    expect(formatPaise(MINIMUM_PAYMENT_PAISE)).toBe('₹1');
  });
});

// --- One money module: no rupee↔paise arithmetic anywhere else in src/ -------------------------------

const SRC = join(import.meta.dirname, '../../src');
const MONEY_MODULE = join(SRC, 'lib/money.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** `x * 100`, `x / 100`, `100 * x` (not 1000 or 100_000, nor a product of literals such as 100 * 1024 bytes). */
const BY_HUNDRED = /(?:(?<![\d_]\s*)[*/]\s*100(?![\d_.])|(?<![\w.])100\s*\*(?!\s*\d))/;
/**
 * Percent arithmetic is not money: a line that names a rate, a percentage or hundredths of one, or a
 * share of progress, multiplies by 100 for that. Anything else by 100 is a rupee↔paise conversion.
 */
const PERCENT = /percent|hundredths|roi\b|rate|apr\b|share\b/i;
/** Comments state formulas in words (interest = principal x rate x days / 100): not code. */
const COMMENT = /^\s*(?:\/\/|\*|\/\*\*?)/;

/** The lines of `text` that convert rupees and paise by hand, as "path:line: code". */
function handConversions(path: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      BY_HUNDRED.test(line) && !PERCENT.test(line) && !COMMENT.test(line)
        ? [`${path.slice(SRC.length + 1)}:${i + 1}: ${line.trim()}`]
        : [],
    );
}

describe('one money module', () => {
  it('finds a hand conversion and leaves percentages alone (the check itself)', () => {
    expect(handConversions(`${SRC}/x.ts`, 'const paise = amount * 100;\nconst rupees = paise / 100;')).toHaveLength(2);
    expect(handConversions(`${SRC}/x.ts`, 'const p = 100 * rupees;')).toHaveLength(1);
    expect(
      handConversions(
        `${SRC}/x.ts`,
        [
          'roi: loan.dailyRateHundredths / 100,',
          'onPercent(Math.round(share * 100));',
          'const big = 100_000 * 1000;',
          'UPLOAD_MAX: int(100 * 1024 * 1024),',
          ' * Interest is simple: principal x rate x days / 100.',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('src/ converts rupees and paise only through src/lib/money.ts', () => {
    const found = sourceFiles(SRC)
      .filter((path) => path !== MONEY_MODULE)
      .flatMap((path) => handConversions(path, readFileSync(path, 'utf8')));
    expect(
      found,
      `use paiseFromRupees / rupeesFromPaise / rupeesText from src/lib/money.ts:\n${found.join('\n')}`,
    ).toEqual([]);
  });
});

// --- One rule for money shown (issue 25, finding 9) ----------------------------------------------------

/**
 * Documents of account (the statement and receipt PDFs, the statement's lines, the operator's ledger)
 * keep two decimals on every figure so their columns align to the paisa; everything else people read
 * (screens, pages, SMS, e-mail, the server's messages) uses formatPaise: paise only when there are paise.
 */
const DOCUMENTS_OF_ACCOUNT = [
  'lib/statementLines.ts',
  'server/statements/statementPdf.ts',
  'server/statements/receiptPdf.ts',
  'server/ops/commands/loans.ts',
].map((path) => join(SRC, path));

/** A money format made by hand: a currency number format, toLocaleString, or ₹/Rs. before a bare value. */
const HAND_FORMAT =
  /Intl\.NumberFormat\([^)]*currency|style:\s*'currency'|toLocaleString\(|(?:₹|Rs\.\s?)\$\{(?!format)/;

function handFormats(path: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      (HAND_FORMAT.test(line) || (/\bformatPaiseInFull\(/.test(line) && !DOCUMENTS_OF_ACCOUNT.includes(path))) &&
      !COMMENT.test(line)
        ? [`${path.slice(SRC.length + 1)}:${i + 1}: ${line.trim()}`]
        : [],
    );
}

describe('one rule for money shown', () => {
  it('finds money formatted by hand or in full outside a document of account (the check itself)', () => {
    const lines = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
      'const due = `₹${loan.total_due}`;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
      'const text = `Rs. ${amount}`;',
      'amount.toLocaleString("en-IN", { style: "currency", currency: "INR" });',
      "new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });",
      'const shown = formatPaiseInFull(paise);',
    ];
    expect(handFormats(`${SRC}/islands/x.tsx`, lines.join('\n'))).toHaveLength(lines.length);
    const fine = [
      'const due = formatPaise(paise);',
      'label: `Amount to pay (₹)`,',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
      'const sms = `Rs.${formatted}`;',
    ];
    expect(handFormats(`${SRC}/islands/x.tsx`, fine.join('\n'))).toEqual([]);
    expect(handFormats(DOCUMENTS_OF_ACCOUNT[0] as string, 'const line = formatPaiseInFull(paise);')).toEqual([]);
  });

  it('src/ shows amounts through formatPaise (formatPaiseInFull only in documents of account)', () => {
    const found = sourceFiles(SRC)
      .filter((path) => path !== MONEY_MODULE)
      .flatMap((path) => handFormats(path, readFileSync(path, 'utf8')));
    expect(found, `show amounts with formatPaise or formatRupees from src/lib/money.ts:\n${found.join('\n')}`).toEqual(
      [],
    );
  });
});
