/**
 * PayU hosted checkout, the way its documentation launches it: a form POST of the order's
 * parameters (with the server's request hash) to PayU's `_payment` address. A full-page navigation;
 * PayU posts the result back to the API, which redirects to /thanku.
 */
import type * as v from 'valibot';
import type { PayuOrderAnswer } from '../../../lib/schemas/answers/repay.ts';

export type PayuOrder = v.InferOutput<typeof PayuOrderAnswer>;

/** The order in a payuOrders reply (`data`, or `Data` as every other call has it), or null when unusable. */
export function payuOrderFrom(reply: { data?: unknown; Data?: unknown }): PayuOrder | null {
  const order = (reply.data ?? reply.Data) as Partial<PayuOrder> | undefined;
  const parameters = order?.parameters;
  if (!order || typeof order.payment_url !== 'string' || !parameters || typeof parameters !== 'object') return null;
  const url = URL.canParse(order.payment_url) ? new URL(order.payment_url) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (!parameters.txnid || !parameters.hash || !parameters.key || !parameters.amount) return null;
  if (Object.values(parameters).some((value) => typeof value !== 'string')) return null;
  return { parameters, payment_url: url.href };
}

export function submitPayuForm(order: PayuOrder): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = order.payment_url;
  form.hidden = true;
  form.dataset.payu = '';
  for (const [name, value] of Object.entries(order.parameters)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  // The navigation is under way; the form goes with the page (a back-forward restore removes it).
  form.submit();
}
