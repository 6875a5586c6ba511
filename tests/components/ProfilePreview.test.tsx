/**
 * The Profile Preview screen (src/islands/Dashboard/screens/ProfilePreview.tsx) drawn alone: what it
 * shows for getProfile's answers. A refusal that is not a dead session is shown with Try again, and
 * the session stays; an active loan with a balance puts the outstanding amount and Pay Now above the
 * profile, none without one. These were browser tests that each built a customer and patched the
 * server's answer in flight; the dead session's sign-out (it leaves the page) and Pay Now's way to the
 * repayment screen against the real server stay in tests/e2e/dashboard (dashboardSession.spec.ts,
 * dashboardHome.spec.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import ProfilePreview from '../../src/islands/Dashboard/screens/ProfilePreview.tsx';
import { $alerts } from '../../src/islands/Dashboard/state/alerts.ts';
import { $profile } from '../../src/islands/Dashboard/state/profile.ts';
import { API } from '../../src/lib/api/paths.ts';
import { ProfileAnswer } from '../../src/lib/schemas/answers/profile.ts';
import { SESSION_KEYS } from '../../src/lib/session.ts';
import { type Drawn, draw } from './draw.tsx';
import { type Answerer, applicantProfile, refused, type Server, screen, serve, served } from './server.ts';

let server: Server | undefined;
let drawn: Drawn | undefined;

function open(profile: Answerer) {
  server = serve({ [API.getProfile]: profile });
  drawn = draw(screen(ProfilePreview, 'profile-preview'));
}

function close() {
  drawn?.remove();
  server?.restore();
  drawn = undefined;
  server = undefined;
  $profile.set(null);
  $alerts.set([]);
}
afterEach(close);

/** An eligible customer's profile with an active loan owing `due` rupees today. */
const withLoan = (due: number) =>
  served(ProfileAnswer, {
    ...applicantProfile('loan_quote', 100),
    active_loan_details: {
      lead_id: 'L1',
      loan_no: 'KCL100123',
      disbursal_date: '2030-01-01',
      repayment_date: '2030-03-01',
      loan_recommended: 10_000,
      roi: 0.5,
      total_due: due,
      days_to_due: 30,
      repayment_amount: 12_000,
      real_interest: 0,
      principal_outstanding: due,
      interest_outstanding: 0,
      charges_outstanding: 0,
      collected: 0,
      cooling_off_until: '2030-01-04',
      in_cooling_off: false,
      days_past_due: 0,
    },
  });

describe('Profile Preview', () => {
  it('a server refusal other than a dead session shows its message and Try again, which draws the profile; the session stays', async () => {
    let failing = true;
    open(() =>
      failing
        ? refused(503, 'Profiles are resting; try again soon.', 'unavailable')
        : served(ProfileAnswer, applicantProfile('loan_quote', 100)),
    );
    await expect.element(page.getByRole('alert')).toHaveTextContent('Profiles are resting; try again soon.');
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.element(page.getByRole('region', { name: 'Basic Details' })).toBeVisible();
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('component-test-token');
    expect(server?.sent(API.getProfile)).toHaveLength(2);
  });

  it('an active loan with a balance shows the outstanding amount and Pay Now to the repayment screen; none without', async () => {
    open(() => withLoan(12_345.5));
    const banner = page.getByRole('region', { name: 'Outstanding amount' });
    await expect.element(banner).toHaveTextContent('Outstanding amount on loan KCL100123: ₹12,345.50');
    await expect
      .element(banner.getByRole('link', { name: 'Pay Now' }))
      .toHaveAttribute('href', '/my-dashboard/repayment');
    close();

    open(() => withLoan(0));
    await expect.element(page.getByRole('region', { name: 'Basic Details' })).toBeVisible();
    await expect.element(page.getByRole('region', { name: 'Outstanding amount' })).not.toBeInTheDocument();
  });
});
