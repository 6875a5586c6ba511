import { describe, expect, it } from 'vitest';
import { destinationOf } from '../../src/islands/Dashboard/navigation/screens.ts';
import { applicationStep, DOCUMENT_EVENTS, registrationPercent } from '../../src/lib/onboarding.ts';

describe('the onboarding events of product.md §4', () => {
  it.each([
    ['pancard_verification', 'pan-details', 0],
    ['personal_details', 'captur-personal-information', 1],
    ['residence_details', 'captur-address', 2],
    ['income_details', 'captur-income-details', 3],
    ['selfie_upload', 'upload-picture', 4],
    ['register_now', 'profile-preview', 8],
    ['generate_loan_quote', 'calculate-loan', 9],
    ['loan_quotation_decision', 'calculate-loan', 9],
    ['employment_details', 'about-your-company', 10],
    ['banking_details', 'bank-detail', 12],
    ['completed', 'congratulations', 13],
  ])('%s opens %s at index %i', (event, screen, index) => {
    expect(destinationOf(event)).toEqual({ screen, index });
  });

  it('every document event opens the shared adhar-upload screen at index 11', () => {
    expect(DOCUMENT_EVENTS).toHaveLength(5);
    for (const event of DOCUMENT_EVENTS) expect(destinationOf(event)).toEqual({ screen: 'adhar-upload', index: 11 });
  });

  it('login, unknown, empty and prototype names go back to sign-in at index 0', () => {
    for (const event of ['login', 'nonsense', '', null, undefined, 'constructor', 'toString']) {
      expect(destinationOf(event)).toEqual({ screen: '/apply-now', index: 0 });
    }
  });

  it('the application step is the next event index minus 9, within the four cards', () => {
    expect(applicationStep('generate_loan_quote')).toBe(0);
    expect(applicationStep('employment_details')).toBe(1);
    expect(applicationStep('pan_upload')).toBe(2);
    expect(applicationStep('banking_details')).toBe(3);
    expect(applicationStep('completed')).toBe(3);
    expect(applicationStep('personal_details')).toBe(0);
  });

  it('registration progress is 20% a finished step', () => {
    expect(registrationPercent('pancard_verification')).toBe(20);
    expect(registrationPercent('selfie_upload')).toBe(100);
  });
});
