/** The demo borrower (src/server/dev/seed.ts) signed in through the API, as the sign-in card does it. */
import { setTimeout as sleep } from 'node:timers/promises';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { DEMO_BORROWER } from '../../src/server/dev/seed.ts';

const CLIENT_KEY = process.env.PUBLIC_CLIENT_KEY ?? 'kosh-web';

/** A call on the API's envelope: its Data, or an error naming the path and the message. */
export async function post(url: string, path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { Status: number; Message: string; Data: Record<string, unknown> };
  if (answer.Status !== 1) throw new Error(`${path}: ${response.status} ${answer.Message}`);
  return answer.Data;
}

export interface SignedIn {
  mobile: string;
  token: string;
  profileId: string;
  nextStep: string;
  eligibility: string;
  /** The lead of the demo loan. */
  leadId: number;
}

/** Signs the demo borrower in (the code read from the development outbox), with the lead of their loan. */
export async function signInDemoBorrower(url: string): Promise<SignedIn> {
  const client = { [HEADERS.clientKey]: CLIENT_KEY, 'X-Forwarded-For': '198.18.0.1' };
  const mobile = DEMO_BORROWER.mobile;
  const login = await post(url, API.registration, { event_name: 'login', mobile }, client);
  const profileId = login.cust_profile_id as string;
  let otp: string | undefined;
  for (let tries = 0; tries < 100 && !otp; tries += 1) {
    const outbox = (await fetch(`${url}${API.devOutbox}?to=${mobile}`).then((r) => r.json())) as { code?: string }[];
    otp = outbox[0]?.code;
    if (!otp) await sleep(50);
  }
  if (!otp) throw new Error('no sign-in code in the outbox');
  const verified = await post(url, API.registration, { event_name: 'otp_verify', profile_id: profileId, otp }, client);
  const token = verified.app_login_token as string;
  const list = await post(url, API.leadList, {}, { [HEADERS.token]: token });
  const [lead] = list.lead_list as { lead_id: number }[];
  if (!lead) throw new Error('the demo borrower has no lead');
  return {
    mobile,
    token,
    profileId,
    nextStep: String(verified.next_step),
    eligibility: String(verified.eligibility_status),
    leadId: lead.lead_id,
  };
}
