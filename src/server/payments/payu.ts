/**
 * PayU hosted checkout: the request hash and the reverse (response) hash, as documented:
 *   request:  sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT)
 *   response: sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)
 * (with additionalCharges, the response string starts with `additionalCharges|`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { sameSignature } from '../signatures.ts';

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
  return (paise / 100).toFixed(2);
}

/** PayU's amount text -> integer paise, or NaN when it is not an amount. */
export function paiseFromPayu(amount: string): number {
  return /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : Number.NaN;
}

/** A transaction id PayU accepts: unique, at most 25 alphanumerics. */
export function newTxnId(): string {
  return `KC${Date.now().toString(36)}${randomBytes(5).toString('hex')}`.slice(0, 25).toUpperCase();
}
