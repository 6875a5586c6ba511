import type { APIRoute, GetStaticPaths } from 'astro';
import { site } from '../../lib/site.ts';
import { upiQrSvg } from '../../lib/upi.ts';

/** One QR code per configured bank account, for the bank-transfer section of /repayloan. */
export const getStaticPaths = (() =>
  site.bankAccounts.map((account) => ({
    params: { upiId: account.upiId },
    props: { svg: upiQrSvg({ upiId: account.upiId, name: account.accountName, note: 'Loan repayment' }) },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(props.svg as string, { headers: { 'Content-Type': 'image/svg+xml' } });
