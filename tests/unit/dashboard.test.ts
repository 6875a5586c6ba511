import { safeParse } from 'valibot';
import { describe, expect, it } from 'vitest';
import { currentStepIndex, REGISTRATION_STEPS } from '../../src/islands/Dashboard/navigation/registrationSteps.ts';
import { slugOf } from '../../src/islands/Dashboard/navigation/router.ts';
import { routeOf, SCREENS, screenPath, stepScreen } from '../../src/islands/Dashboard/navigation/screens.ts';
import { fieldErrors } from '../../src/islands/Dashboard/state/forms.ts';
import { maskPan } from '../../src/lib/format.ts';
import { PersonalDetailsRequest } from '../../src/lib/schemas/profile.ts';

describe('dashboard addresses', () => {
  it.each([
    ['/my-dashboard', ''],
    ['/my-dashboard/', ''],
    ['/my-dashboard/kyc', 'kyc'],
    ['/my-dashboard/upload-picture/', 'upload-picture'],
  ])('%s is the screen %j', (path, slug) => {
    expect(slugOf(path)).toBe(slug);
  });

  it('every screen has a unique slug, and its address leads back to it', () => {
    expect(new Set(SCREENS.map((screen) => screen.slug)).size).toBe(SCREENS.length);
    for (const screen of SCREENS) expect(routeOf(slugOf(screenPath(screen.slug)))).toBe(screen);
  });

  it('the routes of product.md §2, §10.8 are all there; the loan ones need eligibility', () => {
    const slugs = SCREENS.map((screen) => screen.slug);
    // Loan History shows its empty state to a customer with no application (issue 14), never bounces.
    for (const slug of [
      '',
      'pan-details',
      'captur-personal-information',
      'captur-address',
      'captur-income-details',
      'leads',
    ]) {
      expect(routeOf(slug)?.access).toBe('signedIn');
    }
    for (const slug of ['eligibility', 'calculate-loan', 'bank-detail', 'details', 'repayment']) {
      expect(routeOf(slug)?.access).toBe('eligible');
    }
    expect(slugs).toEqual(expect.arrayContaining(['profile-summary', 'kyc', 'user-profile', 'lead-preview']));
  });
});

describe('registration steps', () => {
  it('follow the onboarding table: each step opens its screen', () => {
    expect(REGISTRATION_STEPS.map((step) => stepScreen(step.event))).toEqual([
      'pan-details',
      'captur-personal-information',
      'captur-address',
      'captur-income-details',
      'upload-picture',
    ]);
  });

  it.each([
    [undefined, 0],
    ['pancard_verification', 0],
    ['residence_details', 2],
    ['selfie_upload', 4],
    ['register_now', 5],
    ['generate_loan_quote', 5],
    ['banking_details', 5],
    ['login', 0],
  ])('next step %s is step index %i', (nextStep, index) => {
    expect(currentStepIndex(nextStep)).toBe(index);
  });
});

describe('form messages', () => {
  it('are keyed by field, the first message of each, spouse name included', () => {
    const result = safeParse(PersonalDetailsRequest, {
      event_name: 'personal_details',
      personal_email: '',
      dob: '',
      marital_status_id: '2',
      gender: '',
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues ?? [])).toEqual({
      personal_email: 'Email is required!',
      dob: 'Date of birth is required!',
      gender: 'Gender is required!',
    });
    const married = safeParse(PersonalDetailsRequest, {
      event_name: 'personal_details',
      personal_email: 'a@example.in',
      dob: '1990-01-01',
      marital_status_id: '2',
      gender: '1',
    });
    expect(fieldErrors(married.issues ?? [])).toEqual({ spouse_name: 'Spouse name is required!' });
  });
});

describe('maskPan', () => {
  it('shows the first 2 and the last character only', () => {
    expect(maskPan('ABCPE1234F')).toBe('AB*******F');
    expect(maskPan('')).toBe('');
  });
});
