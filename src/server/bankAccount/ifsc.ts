/**
 * The bank and branch of an IFSC, from Razorpay's maintained IFSC dataset (the `ifsc` package, MIT,
 * refreshed from RBI's lists): every bank's name and every branch code that exists. Only its data
 * files are read; its lookup code would load `request`, which the server never needs. The dataset
 * carries no branch names: those come from an IFSC directory over HTTP shaped like Razorpay's IFSC API
 * (GET {url}/{IFSC} answering {BANK, BRANCH, CITY, …}), or, outside production without one, from the
 * sandbox's few names; else the customer types the branch.
 */

import bankNames from 'ifsc/src/banknames.json' with { type: 'json' };
import customSublets from 'ifsc/src/custom-sublets.json' with { type: 'json' };
import branchCodes from 'ifsc/src/IFSC.json' with { type: 'json' };
import sublets from 'ifsc/src/sublet.json' with { type: 'json' };
import { IFSC_PATTERN } from '../../lib/banks.ts';

const codes = branchCodes as Record<string, (string | number)[]>;
const names = bankNames as Record<string, string>;
const subletOf = sublets as Record<string, string>;
const customSubletPrefixes = Object.entries(customSublets as Record<string, string>);

/** Whether the dataset lists this branch (numeric branch codes are stored as numbers there). */
function listed(ifsc: string): boolean {
  const branches = codes[ifsc.slice(0, 4)];
  if (!branches) return false;
  const branch = ifsc.slice(5);
  return /^\d+$/.test(branch) ? branches.includes(Number(branch)) : branches.includes(branch);
}

/**
 * The bank that holds accounts of this IFSC: a sublet branch (a co-operative bank served through a
 * sponsor bank's code) names its own bank, not the sponsor's.
 */
function bankName(ifsc: string): string | undefined {
  const sublet = subletOf[ifsc] ?? customSubletPrefixes.find(([prefix]) => ifsc.startsWith(prefix))?.[1];
  return names[sublet ?? ifsc.slice(0, 4)];
}

interface IfscDetails {
  ifsc: string;
  bank: string;
  /** Null when no directory names it: the customer types it. */
  branch: string | null;
}

/** Names a branch by its IFSC; null when it does not know it or cannot be asked. */
export type BranchDirectory = (ifsc: string) => Promise<string | null>;

/** The bank and branch of a listed IFSC; undefined for a code that is malformed or not in the dataset. */
export async function ifscDetails(code: string, branchOf: BranchDirectory): Promise<IfscDetails | undefined> {
  const ifsc = code.toUpperCase();
  if (!IFSC_PATTERN.test(ifsc) || !listed(ifsc)) return undefined;
  const bank = bankName(ifsc);
  if (!bank) return undefined;
  return { ifsc, bank, branch: await branchOf(ifsc) };
}

/** The bank's name alone (stored with the account), without asking a directory. */
export function bankOfIfsc(code: string): string | undefined {
  const ifsc = code.toUpperCase();
  return IFSC_PATTERN.test(ifsc) && listed(ifsc) ? bankName(ifsc) : undefined;
}

/** Branches the sandbox names (the demo's and the tests' codes); real names, from the banks' own lists. */
export const SANDBOX_BRANCHES: Record<string, string> = {
  HDFC0000001: 'SANDOZ HOUSE, WORLI',
  SBIN0000001: 'KOLKATA MAIN',
};

export const sandboxBranches: BranchDirectory = async (ifsc) => SANDBOX_BRANCHES[ifsc] ?? null;

/** An IFSC directory shaped like Razorpay's IFSC API; a failure only means the customer types the branch. */
export function httpBranches(url: string, fetchImpl: typeof fetch = fetch): BranchDirectory {
  return async (ifsc) => {
    try {
      const response = await fetchImpl(`${url.replace(/\/$/, '')}/${ifsc}`, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) return null;
      const body = (await response.json()) as { BRANCH?: unknown };
      return typeof body.BRANCH === 'string' && body.BRANCH.trim() ? body.BRANCH.trim() : null;
    } catch {
      return null;
    }
  };
}
