/**
 * Razorpay: the Orders API, the Standard Checkout payment signature and the webhook signature, as
 * documented. The same code talks to the real API in live mode and to the local sandbox (which
 * keeps the API's interface) otherwise; only the base address and credentials differ.
 */
import { createHmac } from 'node:crypto';

/** HMAC-SHA256 of `order_id|payment_id` with the key secret (Checkout's razorpay_signature). */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** HMAC-SHA256 of the raw webhook body with the webhook secret (the X-Razorpay-Signature header). */
export function webhookSignature(rawBody: string, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string;
  status: string;
}

export class RazorpayError extends Error {}

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  /** https://api.razorpay.com/v1 live; the sandbox's path on this server otherwise. */
  apiBase: string;
}

/** POST /orders: amount in paise, INR. `fetchImpl` reaches the sandbox in-process when it is one. */
export async function createRazorpayOrder(
  settings: RazorpaySettings,
  order: { amountPaise: number; receipt: string; notes: Record<string, string> },
  fetchImpl: typeof fetch,
): Promise<RazorpayOrder> {
  let response: Response;
  try {
    response = await fetchImpl(`${settings.apiBase}/orders`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`,
      },
      body: JSON.stringify({ amount: order.amountPaise, currency: 'INR', receipt: order.receipt, notes: order.notes }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new RazorpayError(`Razorpay unreachable: ${(error as Error).name}`);
  }
  const body = (await response.json().catch(() => ({}))) as Partial<RazorpayOrder> & {
    error?: { description?: string };
  };
  if (!response.ok || typeof body.id !== 'string' || body.amount !== order.amountPaise) {
    throw new RazorpayError(`Razorpay refused the order: ${response.status} ${body.error?.description ?? ''}`.trim());
  }
  return body as RazorpayOrder;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  payment_id: string;
  status: string;
}

/**
 * POST /payments/:id/refund (the Refunds API), with X-Refund-Idempotency: the same key and amount
 * sent again (a timeout, a retry) gives the same refund, never a second one.
 */
export async function createRazorpayRefund(
  settings: RazorpaySettings,
  refund: { paymentId: string; amountPaise: number; idempotencyKey: string },
  fetchImpl: typeof fetch,
): Promise<RazorpayRefund> {
  let response: Response;
  try {
    response = await fetchImpl(`${settings.apiBase}/payments/${encodeURIComponent(refund.paymentId)}/refund`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`,
        'X-Refund-Idempotency': refund.idempotencyKey,
      },
      body: JSON.stringify({ amount: refund.amountPaise, speed: 'normal' }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new RazorpayError(`Razorpay unreachable: ${(error as Error).name}`);
  }
  const body = (await response.json().catch(() => ({}))) as Partial<RazorpayRefund> & {
    error?: { description?: string };
  };
  if (!response.ok || typeof body.id !== 'string' || body.amount !== refund.amountPaise) {
    throw new RazorpayError(`Razorpay refused the refund: ${response.status} ${body.error?.description ?? ''}`.trim());
  }
  return body as RazorpayRefund;
}
