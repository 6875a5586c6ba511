// Count up over 2000 ms once half of the block is visible. The final figures are in the HTML, so
// readers without JavaScript or with reduced motion see them at once.
(() => {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches || !('IntersectionObserver' in window)) return;
  const fmt = new Intl.NumberFormat('en-IN');
  for (const block of document.querySelectorAll('[data-counters]')) {
    const values = [...block.querySelectorAll('[data-target]')];
    values.forEach((el) => {
      el.textContent = '0+';
    });
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const step = (now) => {
          const t = Math.min(1, (now - start) / 2000);
          values.forEach((el) => {
            el.textContent = `${fmt.format(Math.round(Number(el.dataset.target) * t))}+`;
          });
          if (t < 1) requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      },
      { threshold: 0.5 },
    );
    observer.observe(block);
  }
})();
