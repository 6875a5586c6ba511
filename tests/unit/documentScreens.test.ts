import { describe, expect, it } from 'vitest';
import { DOCUMENT_SCREENS, MISSING_FILE } from '../../src/islands/Dashboard/navigation/documentScreens.ts';
import { SCREENS } from '../../src/islands/Dashboard/navigation/screens.ts';
import { documentByDocsId } from '../../src/lib/documents.ts';

describe('the single-document screens (product.md §2, §3, §5)', () => {
  it('are the four DocumentUpload routes, with the document ids of product.md §9 and the formats of the shared list', () => {
    const routed = SCREENS.filter((screen) => screen.component === 'DocumentUpload').map((screen) => screen.slug);
    expect(Object.keys(DOCUMENT_SCREENS).sort()).toEqual([...routed].sort());
    expect(
      Object.fromEntries(
        Object.entries(DOCUMENT_SCREENS).map(([slug, s]) => [slug, [s.docsId, documentByDocsId(s.docsId)?.formats]]),
      ),
    ).toEqual({
      'pan-upload': [4, ['image']],
      'bank-upload': [6, ['pdf']],
      'upload-salaryslip': [16, ['pdf']],
      // Most utility bills arrive as PDFs (issue 14).
      'upload-utilitybill': [8, ['image', 'pdf']],
    });
  });

  it('keep the missing-file messages word for word, double spaces included', () => {
    expect(MISSING_FILE).toEqual({
      pan: 'Please select  pan image',
      bankStatement: 'Please select  pan image',
      salarySlip: 'Please select salary slip',
      utilityBill: 'Please select  utility image',
    });
    expect(DOCUMENT_SCREENS['bank-upload']?.missing).toBe('Please select  pan image');
  });

  it('go back and on in the order of the document flow', () => {
    const moves = Object.fromEntries(
      Object.entries(DOCUMENT_SCREENS).map(([slug, s]) => [slug, [s.back, s.next('NEW')]]),
    );
    expect(moves).toEqual({
      'pan-upload': ['adhar-upload', 'bank-upload'],
      'bank-upload': ['pan-upload', 'upload-salaryslip'],
      'upload-salaryslip': ['bank-upload', 'upload-utilitybill'],
      'upload-utilitybill': ['upload-salaryslip', 'about-your-company'],
    });
  });

  it('after the utility bill a REPEAT or UNPAID-REPEAT customer goes to the loan calculator, anyone else to the company', () => {
    const next = DOCUMENT_SCREENS['upload-utilitybill']?.next;
    expect(next?.('REPEAT')).toBe('calculate-loan');
    expect(next?.('UNPAID-REPEAT')).toBe('calculate-loan');
    expect(next?.('NEW')).toBe('about-your-company');
    expect(next?.('')).toBe('about-your-company');
  });
});
