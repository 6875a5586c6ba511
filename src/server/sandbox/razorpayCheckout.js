// Razorpay Standard Checkout, sandbox edition: the same browser interface as
// https://checkout.razorpay.com/v1/checkout.js, with a native <dialog> where the payer chooses
// success, failure or cancel. Served by the API in PAYMENTS_MODE=sandbox only.
(() => {
  const origin = new URL(document.currentScript.src).origin;
  const rupees = (paise) =>
    new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(Number(paise) / 100);

  function element(tag, props, children) {
    const node = document.createElement(tag);
    Object.assign(node, props);
    for (const child of children ?? []) node.append(child);
    return node;
  }

  class Razorpay {
    constructor(options) {
      if (!options?.key || !options.order_id) throw new Error('Razorpay: key and order_id are required');
      this.options = options;
      this.listeners = {};
    }

    on(event, callback) {
      this.listeners[event] = callback;
    }

    open() {
      const { options } = this;
      const status = element('p', { role: 'status', className: 'rzp-sandbox-status' });
      const dialog = element('dialog', { className: 'rzp-sandbox' });
      dialog.setAttribute('aria-labelledby', 'rzp-sandbox-title');
      const close = (dismissed) => {
        dialog.close();
        dialog.remove();
        if (dismissed && typeof options.modal?.ondismiss === 'function') options.modal.ondismiss();
      };
      const pay = async (outcome) => {
        for (const button of dialog.querySelectorAll('button')) button.disabled = true;
        status.textContent = 'Processing…';
        try {
          const response = await fetch(`${origin}/__sandbox/razorpay/pay`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ order_id: options.order_id, outcome }),
          });
          const result = await response.json();
          close(false);
          if (result.error) {
            if (this.listeners['payment.failed']) this.listeners['payment.failed']({ error: result.error });
          } else if (typeof options.handler === 'function') {
            options.handler(result);
          }
        } catch {
          status.textContent = 'The sandbox did not answer. Try again.';
          for (const button of dialog.querySelectorAll('button')) button.disabled = false;
        }
      };
      dialog.append(
        element('h2', { id: 'rzp-sandbox-title', textContent: 'Razorpay (sandbox)' }),
        element('p', { textContent: `${options.name || ''} ${options.description || ''}`.trim() }),
        element('p', { className: 'rzp-sandbox-amount', textContent: `Amount: ${rupees(options.amount)}` }),
        element('p', {
          textContent: `Order ${options.order_id}${options.prefill?.contact ? ` · ${options.prefill.contact}` : ''}`,
        }),
        element('button', { type: 'button', textContent: 'Pay successfully', onclick: () => pay('success') }),
        element('button', { type: 'button', textContent: 'Fail the payment', onclick: () => pay('failure') }),
        element('button', { type: 'button', textContent: 'Cancel', onclick: () => close(true) }),
        status,
      );
      dialog.addEventListener('cancel', (event) => {
        event.preventDefault();
        close(true);
      });
      document.body.append(dialog);
      dialog.showModal();
    }
  }

  window.Razorpay = Razorpay;
})();
