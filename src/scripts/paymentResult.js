// /thanku and /fail: the outcome comes from the address at once (so a reload keeps it; /thanku's receipt
// module then asks the server for the figures); the button leads to the dashboard when a session is
// stored, else home. On /fail every status is a failure.
(() => {
  const root = document.querySelector('[data-payment-result]');
  if (!root) return;
  const query = new URLSearchParams(location.search);
  const status = (query.get('txnStatus') || '').trim().toUpperCase();
  const ok = root.dataset.paymentResult !== 'fail' && status === 'SUCCESS';
  const show = (name, visible) => {
    for (const el of root.querySelectorAll(`[data-show="${name}"]`)) el.hidden = !visible;
  };
  show('nojs', false);
  show('success', ok);
  show('failure', !ok);
  show('cancel', !ok && status === 'CANCEL');
  show('failed', !ok && status !== 'CANCEL');
  show('facts', true);
  root.querySelector('[data-txn-id]').textContent = (query.get('txnId') || '').trim().slice(0, 80) || 'N/A';
  root.querySelector('[data-txn-status]').textContent = ok
    ? 'Successful'
    : status === 'CANCEL'
      ? 'Cancelled'
      : 'Failed';
  let token = null;
  try {
    token = sessionStorage.getItem('token');
  } catch {}
  const next = root.querySelector('[data-result-next]');
  if (token) {
    next.href = '/my-dashboard';
    next.textContent = 'Go to dashboard';
  }
})();
