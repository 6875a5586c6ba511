// WCAG 2.2.2: moving text gets a pause control in addition to pausing on hover and focus.
(() => {
  const ticker = document.querySelector('[data-ticker]');
  const toggle = ticker?.querySelector('[data-ticker-toggle]');
  toggle?.addEventListener('click', () => {
    const paused = ticker.classList.toggle('is-paused');
    toggle.setAttribute('aria-pressed', String(paused));
    toggle.textContent = paused ? 'Play' : 'Pause';
  });
})();
