// A stored session turns Apply Now into the Dashboard button; the burger opens the menu on small screens.
(() => {
  const apply = document.querySelector('[data-apply-link]');
  try {
    if (apply && sessionStorage.getItem('token')) {
      apply.textContent = 'Dashboard';
      apply.href = sessionStorage.getItem('eligibility') === '1' ? '/my-dashboard/eligibility' : '/my-dashboard';
    }
  } catch {}
  const burger = document.querySelector('[data-burger]');
  burger?.addEventListener('click', () => {
    const open = burger.getAttribute('aria-expanded') !== 'true';
    burger.setAttribute('aria-expanded', String(open));
    document.getElementById('site-nav')?.classList.toggle('is-open', open);
  });
})();
