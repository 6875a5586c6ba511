/**
 * PAN verification through a KYC provider: real providers (NSDL/Protean through an aggregator)
 * answer whether the PAN is valid and the holder's name. The sandbox checks the format and the
 * holder type (the 4th letter: P for a person) and answers a name from its fixtures or one made
 * from the PAN, deterministically.
 */
import { PAN_PATTERN } from '../../lib/schemas/fields.ts';

export type PanCheck = { valid: true; fullName: string } | { valid: false; reason: string };

export interface PanVerifier {
  readonly name: string;
  verify(pancard: string): Promise<PanCheck>;
}

export class KycUnavailable extends Error {}

const FIXTURES: Record<string, string> = {
  DEMOP1234D: 'Demo Borrower',
  ABCPE1234F: 'Asha Verma',
  BNZPM2501F: 'Rahul Mehta',
};
const GIVEN = ['Aarav', 'Diya', 'Ishaan', 'Kavya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Arjun', 'Priya'];
const FAMILY = ['Sharma', 'Iyer', 'Reddy', 'Gupta', 'Nair', 'Singh', 'Patel', 'Das', 'Khan', 'Joshi'];

export function sandboxPanVerifier(): PanVerifier {
  return {
    name: 'sandbox',
    async verify(pancard) {
      if (!PAN_PATTERN.test(pancard)) return { valid: false, reason: 'Please enter a valid PAN number' };
      if (pancard[3] !== 'P')
        return { valid: false, reason: 'This PAN is not of an individual. Please use your personal PAN.' };
      const fixed = FIXTURES[pancard];
      if (fixed) return { valid: true, fullName: fixed };
      const digits = Number(pancard.slice(5, 9));
      // The PAN's 5th letter is the initial of the holder's surname.
      const family =
        FAMILY.find((name) => name.startsWith(pancard[4] ?? '')) ?? `${pancard[4]}${FAMILY[digits % 10]?.slice(1)}`;
      return { valid: true, fullName: `${GIVEN[digits % GIVEN.length]} ${family}` };
    },
  };
}

/** A KYC aggregator over HTTPS: POST {pan} with a bearer key, answering {valid, full_name, category}. */
export function httpPanVerifier(
  settings: { url: string; apiKey: string },
  fetchImpl: typeof fetch = fetch,
): PanVerifier {
  return {
    name: 'http',
    async verify(pancard) {
      let response: Response;
      try {
        response = await fetchImpl(settings.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${settings.apiKey}` },
          body: JSON.stringify({ pan: pancard }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new KycUnavailable(`KYC provider unreachable: ${(error as Error).name}`);
      }
      if (!response.ok) throw new KycUnavailable(`KYC provider answered ${response.status}`);
      const body = (await response.json().catch(() => ({}))) as {
        valid?: boolean;
        full_name?: string;
        category?: string;
      };
      if (!body.valid || !body.full_name) return { valid: false, reason: 'Please enter a valid PAN number' };
      if (body.category && body.category !== 'individual') {
        return { valid: false, reason: 'This PAN is not of an individual. Please use your personal PAN.' };
      }
      return { valid: true, fullName: body.full_name };
    },
  };
}
