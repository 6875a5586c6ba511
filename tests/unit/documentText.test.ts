/**
 * The KFS and the loan agreement in Hindi or English (issue 24): every Hindi key is there (the types
 * say so too), no Hindi text is left in English, the figures are the same figures, and every clause the
 * KFS cites is in the agreement under that number.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_CLAUSES, type AgreementClauseId } from '../../src/lib/agreement.ts';
import { en } from '../../src/lib/documentText/en.ts';
import { hi } from '../../src/lib/documentText/hi.ts';
import { clauseCitation, loadDocumentTexts } from '../../src/lib/documentText/index.ts';
import { KFS_CITATIONS, keyFactStatement, kfsNumber, kfsSections, kfsSummary } from '../../src/lib/kfs.ts';
import { site } from '../../src/lib/site.ts';
import { agreementClauses, agreementPdf } from '../../src/server/statements/agreementPdf.ts';
import { kfsPdf } from '../../src/server/statements/kfsPdf.ts';
import { finish, lenderOf, newDocument } from '../../src/server/statements/statementPdf.ts';
import { flat, pdfDictionaryString, pdfText } from '../support/pdfText.ts';

const kfs = keyFactStatement(site, {
  amountPaise: 20_000_00,
  tenureDays: 60,
  dailyRatePercent: 0.5,
  issuedOn: '2026-11-23',
  kfsNo: kfsNumber(123),
});
const agreementInput = {
  agreementNo: 'AGR-000123',
  leadId: 42,
  kfs,
  borrower: { name: 'Ravi Kumar', pan: 'ABCDE1234F' },
  generatedAt: new Date('2026-11-23T06:30:00Z'),
};

// Hindi's words are loaded when first asked for (a chunk of their own in the dashboard).
beforeAll(() => loadDocumentTexts('hi'));

/** Once for the file: drawing a PDF in Devanagari and reading it back are most of the file's time. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
const generatedAt = agreementInput.generatedAt;
const drawn = {
  kfs: {
    en: once(() => kfsPdf({ kfs, loan: null, generatedAt })),
    hi: once(() => kfsPdf({ kfs, loan: null, generatedAt, lang: 'hi' })),
  },
  agreement: {
    en: once(() => agreementPdf(agreementInput)),
    hi: once(() => agreementPdf({ ...agreementInput, lang: 'hi' })),
  },
};
const read = {
  kfs: { en: once(async () => pdfText(await drawn.kfs.en())), hi: once(async () => pdfText(await drawn.kfs.hi())) },
  agreement: {
    en: once(async () => pdfText(await drawn.agreement.en())),
    hi: once(async () => pdfText(await drawn.agreement.hi())),
  },
};

const DEVANAGARI = /[\u0900-\u097F]/;
/** Figures as the statement writes them: rupees with Indian grouping, percentages, dates, day counts. */
const FIGURES = /₹\d+(,\d+)*(\.\d+)?|\d+(\.\d+)?%|\d{2}-\d{2}-\d{4}|KFS-\d+|\b\d+(?![\w\u0900-\u0963\u0966-\u097F])/g;
const figuresOf = (text: string) => (text.match(FIGURES) ?? []).sort();

/** Every path to a value in a texts module, and the value (functions and strings alike). */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key));
  }
  return [[path, value]];
}

describe('the Hindi texts', () => {
  it('have every key of the English ones, each of the same kind, and no other', () => {
    const english = new Map(leaves({ ...en, kfs: { ...en.kfs, names: {} } }));
    const hindi = new Map(leaves({ ...hi, kfs: { ...hi.kfs, names: {} } }));
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, value] of english) expect(typeof hindi.get(path), path).toBe(typeof value);
  });

  it('leave no fixed text in English: every string with words is Hindi', () => {
    const english = new Map(leaves(en));
    for (const [path, value] of leaves(hi)) {
      if (typeof value !== 'string' || path.startsWith('kfs.names') || !/[a-z]{3}/i.test(english.get(path) as string))
        continue;
      expect(value, path).toMatch(DEVANAGARI);
      expect(value, path).not.toBe(english.get(path));
    }
  });

  it('the statement in Hindi: every label and every worded value is Hindi, and the figures are the same figures', () => {
    const english = kfsSections(kfs).flatMap((section) => section.rows);
    const hindi = kfsSections(kfs, null, 'hi').flatMap((section) => section.rows);
    expect(hindi).toHaveLength(english.length);
    hindi.forEach(([label, value], index) => {
      const [englishLabel, englishValue] = english[index] as [string, string];
      expect(label, englishLabel).toMatch(DEVANAGARI);
      // A value of words reads in Hindi; a value that is a figure or a number stays that figure.
      if (/[a-z]{3}/i.test(englishValue.replace(/KFS-\d+/, ''))) expect(value, englishLabel).toMatch(DEVANAGARI);
      else expect(value, englishLabel).toBe(englishValue);
      expect(figuresOf(value), englishLabel).toEqual(figuresOf(englishValue));
    });
    for (const section of kfsSections(kfs, null, 'hi')) expect(section.title).toMatch(DEVANAGARI);
    const summary = kfsSummary(kfs, null, 'hi');
    expect(summary.headline).toBe('आपको ₹19,528 मिलेंगे, 22-01-2027 को ₹26,000 चुकाने होंगे');
    expect(figuresOf(summary.note)).toEqual(figuresOf(kfsSummary(kfs).note));
  });

  it('the agreement in Hindi: every clause has as many paragraphs as in English, in Hindi, with the same figures', () => {
    const english = agreementClauses(agreementInput);
    const hindi = agreementClauses({ ...agreementInput, lang: 'hi' });
    for (const id of Object.keys(AGREEMENT_CLAUSES) as AgreementClauseId[]) {
      expect(hindi[id], id).toHaveLength(english[id].length);
      hindi[id].forEach((paragraph, index) => {
        expect(paragraph, id).toMatch(DEVANAGARI);
        expect(figuresOf(paragraph), id).toEqual(figuresOf(english[id][index] as string));
      });
    }
  });
});

describe('the KFS cites the agreement', () => {
  it('every row the agreement covers names its clause, in English and in Hindi', () => {
    for (const lang of ['en', 'hi'] as const) {
      const rows = new Map(kfsSections(kfs, null, lang).flatMap((section) => section.rows));
      const texts = lang === 'en' ? en : hi;
      for (const [key, id] of Object.entries(KFS_CITATIONS)) {
        const value = rows.get(texts.kfs.labels[key as keyof typeof en.kfs.labels]);
        expect(value, `${lang} ${key}`).toContain(clauseCitation(id, lang));
      }
    }
    expect(new Map(kfsSections(kfs).flatMap((section) => section.rows)).get('Recovery and collection')).toMatch(
      /\. See clause 9 \(Recovery and collection\) of the loan agreement\.$/,
    );
  });

  it('every clause cited is in the agreement PDF under that number and title, with its words', async () => {
    const text = flat((await read.agreement.en()).text);
    const clauses = agreementClauses(agreementInput);
    const cited = kfsSections(kfs)
      .flatMap((section) => section.rows)
      .map(([, value]) => /See clause (\d+) \((.*)\) of the loan agreement\.$/.exec(value))
      .filter((match) => match !== null);
    expect(cited.length).toBe(Object.keys(KFS_CITATIONS).length);
    for (const [, number, title] of cited) {
      const [id] = Object.entries(AGREEMENT_CLAUSES).find(([, clause]) => clause.number === Number(number)) ?? [];
      expect(id, `clause ${number}`).toBeDefined();
      expect(AGREEMENT_CLAUSES[id as AgreementClauseId].title).toBe(title);
      expect(text).toContain(`${number}. ${title}`);
      const words = clauses[id as AgreementClauseId];
      expect(words.length, title).toBeGreaterThan(0);
      expect(text).toContain(flat(`${number}.1 ${words[0]}`).slice(0, 60));
    }
  });
});

describe('the PDFs in Hindi', () => {
  it('are drawn in Devanagari, conjuncts and vowel signs shaped, with the same figures', async () => {
    const text = flat((await read.kfs.hi()).text);
    // Words without a vowel sign drawn before its consonant read back in order.
    expect(text).toContain('मुख्य तथ्य विवरण KFS-000123');
    for (const figure of ['₹19,528', '₹26,000', '22-01-2027', '201.61%']) expect(text).toContain(figure);
    // The "ि" drawn before its consonant reads back after it, as written.
    expect(text).toContain('आपको ₹19,528 मिलेंगे, 22-01-2027 को ₹26,000 चुकाने होंगे।');
    for (const visualOrder of ['िमलेंगे', 'िववरण', 'ितिथ']) expect(text).not.toContain(visualOrder);
    expect(text).not.toContain('Key Fact Statement KFS');
    expect(flat((await read.kfs.en()).text)).toContain('Key Fact Statement KFS-000123');
    const agreement = flat((await read.agreement.hi()).text);
    expect(agreement).toContain('ऋण अनुबंध AGR-000123');
  });

  it('give back, copied, the text drawn: conjuncts, the reph, "ि" before its consonant, "ो" and "ई" drawn in parts', async () => {
    const sentences = [
      'क्रेडिट सूचना कंपनियों को रिपोर्टिंग',
      'प्रोसेसिंग शुल्क: कोई अन्य शुल्क नहीं',
      'भारतीय रिज़र्व बैंक में पंजीकृत गैर-बैंकिंग वित्तीय कंपनी',
      'पूर्वबंदी या पूर्व-भुगतान प्रभार, अतिदेय वर्गीकरण',
      'शुद्ध राशि चुकानी होगी; क्षमता, प्रतिभूतिकरण और कार्यालय',
      // The same shapes again, after others drew them: each reads as its own letters every time.
      'कोई शुल्क नहीं, होंगे, मिलेंगे, ईमेल, शुल्क, क्रेडिट',
    ];
    const doc = newDocument('Hindi text', lenderOf(site), agreementInput.generatedAt, 'hi');
    for (const sentence of sentences) doc.font('regular').text(sentence).font('bold').text(sentence);
    const { text } = await pdfText(await finish(doc));
    // Every letter as written, in order. pdf.js adds a space after some clusters as it joins glyphs into
    // words (mozilla/pdf.js#21890), a reader's guess that the letters do not depend on: compared without spaces.
    const letters = (words: string) => words.replace(/\s+/g, '');
    expect(letters(text)).toBe(letters(sentences.flatMap((sentence) => [sentence, sentence]).join('')));
    // Where the reader adds no space, the words read exactly as written.
    for (const words of ['शुल्क', 'कोई शुल्क नहीं', 'रिज़र्व बैंक', 'मिलेंगे', 'होंगे', 'कार्यालय', 'वित्तीय', 'पूर्वबंदी'])
      expect(flat(text), words).toContain(words);
  });

  it('have the letterhead, the footer’s contact line and the signature’s reason in Hindi, the names and numbers as registered', async () => {
    const { registration, grievanceOfficer: officer, contact } = site;
    for (const [name, readBack] of Object.entries({ kfs: read.kfs.hi, agreement: read.agreement.hi })) {
      const { pages } = await readBack();
      const first = flat(pages[0] as string);
      // The letterhead: the lender's name, then its registration and registered office in Hindi.
      expect(first, name).toContain(site.legalName);
      expect(first, name).toContain(`पंजीकरण संख्या ${registration.number}; CIN ${registration.cin}`);
      expect(first, name).toContain(`: ${site.offices.registered.lines.join(', ')}`);
      for (const english of ['registered with the', 'Reserve Bank of India', 'Registered office', 'registration no.'])
        expect(first, `${name}: ${english}`).not.toContain(english);
      // Every page's footer: the grievance and support lines in Hindi, the contacts as they are.
      for (const page of pages.map(flat)) {
        expect(page, name).toContain(`${officer.name}, `);
        expect(page, name).toContain(`, ${officer.email}, ${officer.phone}।`);
        expect(page, name).toContain(`सहायता: ${contact.supportEmail}, ${contact.phone}।`);
        for (const english of ['Grievances:', 'Support:', 'Grievance Redressal Officer'])
          expect(page, `${name}: ${english}`).not.toContain(english);
      }
    }
    // The English documents keep their English particulars.
    const english = flat((await read.kfs.en()).text);
    expect(english).toContain(
      `${registration.kind} registered with the ${registration.regulator}, registration no. ${registration.number}; CIN ${registration.cin}`,
    );
    expect(english).toContain(
      `Grievances: ${officer.name}, ${officer.designation}, ${officer.email}, ${officer.phone}. Support: ${contact.supportEmail}, ${contact.phone}.`,
    );
    // The signature field's reason, location and signer in Hindi: PDF text strings in UTF-16BE with
    // its byte order mark, as a reader's signature panel decodes them.
    const hindiAgreement = await drawn.agreement.hi();
    const reason = pdfDictionaryString(hindiAgreement, 'Reason');
    expect(reason?.text).toBe('ऋण अनुबंध AGR-000123');
    expect([...(reason?.bytes.subarray(0, 2) ?? [])]).toEqual([0xfe, 0xff]);
    expect(pdfDictionaryString(hindiAgreement, 'Location')?.text).toBe('भारत');
    const unnamed = await agreementPdf({ ...agreementInput, borrower: { name: '', pan: null }, lang: 'hi' });
    expect(pdfDictionaryString(unnamed, 'Name')?.text).toBe('उधारकर्ता');
    const englishAgreement = await drawn.agreement.en();
    expect(pdfDictionaryString(englishAgreement, 'Reason')?.text).toBe('Loan agreement AGR-000123');
    expect(pdfDictionaryString(englishAgreement, 'Location')?.text).toBe('India');
  });
});
