/**
 * PayU hosted checkout: the request hash and the reverse (response) hash, as documented:
 *   request:  sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT)
 *   response: sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)
 * (with additionalCharges, the response string starts with `additionalCharges|`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { paiseFromRupees, rupeesText } from '../../lib/money.ts';
import { sameSignature } from '../security/signatures.ts';

export interface PayuFields {
  key: string;
  txnid: string;
  /** Rupees with two decimals, exactly as sent ("1234.50"). */
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
}

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');
const udfs = (f: PayuFields) => [f.udf1 ?? '', f.udf2 ?? '', f.udf3 ?? '', f.udf4 ?? '', f.udf5 ?? ''];

export function requestHash(fields: PayuFields, salt: string): string {
  return sha512(
    [
      fields.key,
      fields.txnid,
      fields.amount,
      fields.productinfo,
      fields.firstname,
      fields.email,
      ...udfs(fields),
      '',
      '',
      '',
      '',
      '',
      salt,
    ].join('|'),
  );
}

export function responseHash(
  fields: PayuFields & { status: string; additionalCharges?: string },
  salt: string,
): string {
  const base = [
    salt,
    fields.status,
    '',
    '',
    '',
    '',
    '',
    ...udfs(fields).reverse(),
    fields.email,
    fields.firstname,
    fields.productinfo,
    fields.amount,
    fields.txnid,
    fields.key,
  ].join('|');
  return sha512(fields.additionalCharges ? `${fields.additionalCharges}|${base}` : base);
}

export function verifyResponseHash(
  fields: PayuFields & { status: string; additionalCharges?: string },
  hash: string,
  salt: string,
): boolean {
  return sameSignature(responseHash(fields, salt), hash);
}

/** Integer paise -> PayU's amount text: 150050 -> "1500.50". */
export function payuAmount(paise: number): string {
  return rupeesText(paise);
}

/** PayU's amount text -> integer paise, or NaN when it is not an amount. */
export function paiseFromPayu(amount: string): number {
  return /^\d+(\.\d{1,2})?$/.test(amount) ? paiseFromRupees(Number(amount)) : Number.NaN;
}

/** A transaction id PayU accepts: unique, at most 25 alphanumerics. */
export function newTxnId(): string {
  return `KC${Date.now().toString(36)}${randomBytes(5).toString('hex')}`.slice(0, 25).toUpperCase();
}

/** The hash of PayU's general web service calls: sha512(key|command|var1|salt). */
export function apiHash(key: string, command: string, var1: string, salt: string): string {
  return sha512([key, command, var1, salt].join('|'));
}

export interface PayuSettings {
  key: string;
  salt: string;
  /** The general web service (merchant/postservice?form=2), or the sandbox's. */
  apiUrl: string;
}

/** One action PayU took on a payment (a capture, a refund), as check_action_status lists it. */
export interface PayuAction {
  requestId: string;
  mihpayid: string;
  action: string;
  status: string;
  amountPaise: number;
}

export class PayuError extends Error {}

/** Every object in PayU's nested answer that names an action and its request id. */
function actionsIn(value: unknown, found: PayuAction[] = []): PayuAction[] {
  if (value === null || typeof value !== 'object') return found;
  const entry = value as Record<string, unknown>;
  if (entry.request_id !== undefined && typeof entry.action === 'string') {
    found.push({
      requestId: String(entry.request_id),
      mihpayid: String(entry.mihpayid ?? ''),
      action: entry.action.toLowerCase(),
      status: String(entry.status ?? '').toLowerCase(),
      amountPaise: paiseFromPayu(String(entry.amt ?? '')),
    });
    return found;
  }
  for (const inner of Object.values(entry)) actionsIn(inner, found);
  return found;
}

/**
 * check_action_status with the PayU id: the actions PayU took on one payment (captures, refunds and
 * their states), asked of PayU itself with the salted hash, so a notification is believed only as far
 * as PayU confirms it. `fetchImpl` reaches the sandbox in-process when it is one.
 */
export async function payuActions(
  settings: PayuSettings,
  mihpayid: string,
  fetchImpl: typeof fetch,
): Promise<PayuAction[]> {
  const command = 'check_action_status';
  let response: Response;
  try {
    response = await fetchImpl(settings.apiUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        key: settings.key,
        command,
        var1: mihpayid,
        hash: apiHash(settings.key, command, mihpayid, settings.salt),
      }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new PayuError(`PayU unreachable: ${(error as Error).name}`);
  }
  const body = (await response.json().catch(() => null)) as { status?: number; transaction_details?: unknown } | null;
  if (!response.ok || !body) throw new PayuError(`PayU refused check_action_status: ${response.status}`);
  return actionsIn(body.transaction_details ?? {});
}

/**
 * cancel_refund_transaction with the PayU id, the merchant's unique token for this refund (a repeat
 * of the token is the same refund, never a second) and the amount: answers PayU's request id, which
 * its refund notification names too.
 */
export async function createPayuRefund(
  settings: PayuSettings,
  refund: { mihpayid: string; token: string; amountPaise: number },
  fetchImpl: typeof fetch,
): Promise<{ requestId: string }> {
  const command = 'cancel_refund_transaction';
  let response: Response;
  try {
    response = await fetchImpl(settings.apiUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        key: settings.key,
        command,
        var1: refund.mihpayid,
        var2: refund.token,
        var3: payuAmount(refund.amountPaise),
        hash: apiHash(settings.key, command, refund.mihpayid, settings.salt),
      }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new PayuError(`PayU unreachable: ${(error as Error).name}`);
  }
  const body = (await response.json().catch(() => null)) as {
    status?: number;
    msg?: string;
    request_id?: unknown;
  } | null;
  if (!response.ok || body?.status !== 1 || body.request_id === undefined || body.request_id === null) {
    throw new PayuError(`PayU refused the refund: ${response.status} ${body?.msg ?? ''}`.trim());
  }
  return { requestId: String(body.request_id) };
}
