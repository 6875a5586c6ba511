/**
 * Razorpay Standard Checkout in the browser: its script is loaded only when the payer chooses
 * Razorpay (never up front), then `new Razorpay(options).open()` as its documentation shows. The
 * sandbox of product.md §10.4 serves the same interface from the API.
 */

export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailure {
  error?: { description?: string; metadata?: { payment_id?: string; order_id?: string } };
}

export interface RazorpayOptions {
  key: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  order_id: string;
  name: string;
  description: string;
  prefill: { email?: string; contact?: string; name?: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayInstance {
  on(event: 'payment.failed', callback: (response: RazorpayFailure) => void): void;
  open(): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

/** product.md §8, word for word: what the payer reads when the checkout script cannot be loaded. */
export const RAZORPAY_LOAD_FAILED = 'Razorpay SDK failed to load. Are you online?';

const loading = new Map<string, Promise<void>>();

/** Appends the checkout <script> once; a failed load is removed so the next try starts afresh. */
export function loadRazorpay(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve() : reject(new Error(RAZORPAY_LOAD_FAILED)));
    script.onerror = () => reject(new Error(RAZORPAY_LOAD_FAILED));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading.delete(src);
    document.querySelector(`script[src="${CSS.escape(src)}"]`)?.remove();
    throw error;
  });
  loading.set(src, promise);
  return promise;
}
