import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { amountProblem } from '../../src/islands/shared/payment/payment.ts';
import { acceptsAmountEntry, entryToPaise } from '../../src/lib/repayAmount.ts';
import { chargeAmount } from '../../src/server/payments/orders.ts';
import {
  paiseFromPayu,
  payuAmount,
  requestHash,
  responseHash,
  verifyResponseHash,
} from '../../src/server/payments/payu.ts';
import { paymentSignature, webhookSignature } from '../../src/server/payments/razorpay.ts';
import { sameSignature } from '../../src/server/security/signatures.ts';

describe('Razorpay signatures', () => {
  it('matches the worked example of a public Standard Checkout integration', () => {
    // A test key pair and the handler response published with it: order, payment and signature.
    expect(paymentSignature('order_DLXae45SLMwqTZ', 'pay_DLXbWV0fmyNBvt', 'uEd4IHo8TrQMNwMP8qxLk7Gl')).toBe(
      '7fb8d5ba784b5503dfd70b20d9b7339255057c3f1e93f7c29b2600f3f8504bd7',
    );
  });

  it('signs webhooks over the raw body, so re-serialised JSON does not verify', () => {
    const raw = '{"event":"payment.captured","payload":{}}';
    const signature = webhookSignature(raw, 'whsec');
    expect(sameSignature(signature, webhookSignature(raw, 'whsec'))).toBe(true);
    expect(sameSignature(signature, webhookSignature(JSON.stringify(JSON.parse(raw), null, 1), 'whsec'))).toBe(false);
  });

  it('compares signatures strictly: one changed character, other lengths and non-hex fail', () => {
    const good = paymentSignature('order_A', 'pay_B', 's');
    const changed = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    expect(sameSignature(good, good.toUpperCase())).toBe(true);
    expect(sameSignature(good, changed)).toBe(false);
    expect(sameSignature(good, good.slice(2))).toBe(false);
    expect(sameSignature(good, 'z'.repeat(64))).toBe(false);
  });
});

describe('PayU hashes', () => {
  const fields = {
    key: 'JPTXg',
    txnid: 'KC123',
    amount: '1500.50',
    productinfo: 'Loan repayment KCL100001',
    firstname: 'Asha',
    email: 'asha@example.in',
    udf5: 'KCL100001',
  };
  const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

  it('request: sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT)', () => {
    expect(requestHash(fields, 'SALT')).toBe(
      sha512('JPTXg|KC123|1500.50|Loan repayment KCL100001|Asha|asha@example.in|||||KCL100001||||||SALT'),
    );
  });

  it('response: sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)', () => {
    const response = { ...fields, status: 'success' };
    const expected = sha512(
      'SALT|success||||||KCL100001|||||asha@example.in|Asha|Loan repayment KCL100001|1500.50|KC123|JPTXg',
    );
    expect(responseHash(response, 'SALT')).toBe(expected);
    expect(verifyResponseHash(response, expected, 'SALT')).toBe(true);
    expect(verifyResponseHash({ ...response, amount: '1.00' }, expected, 'SALT')).toBe(false);
    expect(verifyResponseHash({ ...response, status: 'failure' }, expected, 'SALT')).toBe(false);
    expect(responseHash({ ...response, additionalCharges: '10.00' }, 'SALT')).toBe(
      sha512('10.00|SALT|success||||||KCL100001|||||asha@example.in|Asha|Loan repayment KCL100001|1500.50|KC123|JPTXg'),
    );
  });

  it("response: does not cover mihpayid, so PayU's payment id proves nothing and the txnid names the payment", () => {
    const response = { ...fields, status: 'success' };
    const hash = responseHash(response, 'SALT');
    const replayed = { ...response, mihpayid: '403993715521937953' };
    expect(verifyResponseHash(replayed, hash, 'SALT')).toBe(true);
    expect(verifyResponseHash({ ...response, txnid: 'KC124' }, hash, 'SALT')).toBe(false);
  });

  it('formats amounts in rupees with two decimals and reads them back as paise', () => {
    expect(payuAmount(150_050)).toBe('1500.50');
    expect(payuAmount(100)).toBe('1.00');
    expect(paiseFromPayu('1500.50')).toBe(150_050);
    expect(paiseFromPayu('1500.5')).toBe(150_050);
    expect(paiseFromPayu('1,500')).toBeNaN();
  });
});

describe('the repay amount entry (product.md §5)', () => {
  it.each(['', '1', '1500', '1500.', '1500.5', '1500.50', '0', '0.', '0.5', '0.50'])(
    'accepts "%s" while typing',
    (text) => {
      expect(acceptsAmountEntry(text)).toBe(true);
    },
  );
  it('lets "0.50" be typed key by key: every prefix stands', () => {
    for (const prefix of ['0', '0.', '0.5', '0.50']) expect(acceptsAmountEntry(prefix), prefix).toBe(true);
  });
  it('refuses under ₹1 on submit (product.md §10.5), "0" and "0.50" included', () => {
    expect(amountProblem('0')).toBe('The amount must be at least ₹1.');
    expect(amountProblem('0.50')).toBe('The amount must be at least ₹1.');
    expect(amountProblem('1')).toBeNull();
  });
  it.each(['00', '05', '.5', '1500.505', '12a', '-1', '1 0', '1e5'])('blocks "%s"', (text) => {
    expect(acceptsAmountEntry(text)).toBe(false);
  });
  it('turns the entry into paise, empty meaning the whole due', () => {
    expect(entryToPaise('')).toBeNull();
    expect(entryToPaise('1500')).toBe(150_000);
    expect(entryToPaise('1500.5')).toBe(150_050);
    expect(entryToPaise('0.07')).toBe(7);
    expect(entryToPaise('abc')).toBeNaN();
  });
});

describe('what is charged (product.md §10.5)', () => {
  it('empty or more than the due charges the due; less is a part; under ₹1 or nothing due is refused', () => {
    expect(chargeAmount(null, 2_200_000)).toBe(2_200_000);
    expect(chargeAmount(9_999_999, 2_200_000)).toBe(2_200_000);
    expect(chargeAmount(50_050, 2_200_000)).toBe(50_050);
    expect(chargeAmount(100, 2_200_000)).toBe(100);
    expect(() => chargeAmount(99, 2_200_000)).toThrow('The amount must be at least ₹1.');
    expect(() => chargeAmount(null, 0)).toThrow('This loan has no amount due.');
    // A part that would leave under ₹1 due is the whole due; a whole due under ₹1 cannot be paid online.
    expect(chargeAmount(2_199_950, 2_200_000)).toBe(2_200_000);
    expect(chargeAmount(2_199_900, 2_200_000)).toBe(2_199_900);
    expect(() => chargeAmount(null, 99)).toThrow('Less than ₹1 is due on this loan');
  });
});
