/**
 * The dashboard's profile and progress stores (src/islands/Dashboard/state/profile.ts) take the
 * server's answers in the order they were asked for: a getProfile sent before Check Eligibility
 * answered, and answered after it, tells of the customer before the check. Taken as news, it set the
 * session "not eligible" again for a moment, and the guard sent a customer who had clicked Start Loan
 * Application from Calculate Your Loan back to their home.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { $profile, loadProfile, storeProgress } from '../../src/islands/Dashboard/state/profile.ts';
import { $session } from '../../src/islands/Dashboard/state/sessionStore.ts';
import { API } from '../../src/lib/api/paths.ts';
import { ProfileAnswer } from '../../src/lib/schemas/answers/profile.ts';
import type { ApiReply } from './draw.tsx';
import { applicantProfile, type Server, serve, served } from './server.ts';

/** getProfile's answers, each held until the test lets it go. */
function heldProfiles() {
  const waiting: ((reply: ApiReply) => void)[] = [];
  const server = serve({
    [API.getProfile]: () => new Promise<ApiReply>((answer) => waiting.push(answer)),
  });
  const asked = async (count: number) => expect.poll(() => waiting.length).toBe(count);
  return { server, waiting, asked };
}

/** The profile of a registered customer before (0) or after (1) the eligibility check. */
const profileAt = (eligibility: 0 | 1, nextStep: string) =>
  served(ProfileAnswer, { ...applicantProfile(nextStep, 0), eligibility_status: eligibility });

describe('answers in the order they were asked for', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.restore();
    $profile.set(null);
  });

  it('a getProfile sent before Check Eligibility answered does not make the customer not eligible again', async () => {
    const held = heldProfiles();
    server = held.server;
    const loading = loadProfile();
    await held.asked(1);
    // Check Eligibility's answer comes while the profile is on its way.
    storeProgress({ eligibility_status: 1, next_step: 'loan_quote' });
    expect($session.get().eligibility).toBe('1');
    held.waiting[0]?.(profileAt(0, 'register_now'));
    await loading;
    expect($session.get()).toMatchObject({ eligibility: '1', nextStep: 'loan_quote' });
  });

  it('of two profiles on their way, the one asked for last is drawn, whichever comes first', async () => {
    const held = heldProfiles();
    server = held.server;
    const older = loadProfile();
    await held.asked(1);
    const newer = loadProfile();
    await held.asked(2);
    held.waiting[1]?.(profileAt(1, 'loan_quote'));
    await newer;
    held.waiting[0]?.(profileAt(0, 'register_now'));
    await older;
    expect($profile.get()).toMatchObject({ eligibility_status: 1, next_event_name: 'loan_quote' });
    expect($session.get()).toMatchObject({ eligibility: '1', nextStep: 'loan_quote' });
  });

  it('a profile asked for after the check is the news: the server may say otherwise', async () => {
    const held = heldProfiles();
    server = held.server;
    storeProgress({ eligibility_status: 1 });
    const loading = loadProfile();
    await held.asked(1);
    held.waiting[0]?.(profileAt(0, 'register_now'));
    await loading;
    expect($session.get().eligibility).toBe('0');
  });
});
