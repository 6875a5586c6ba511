// One pass through the headlines, held while hovered, then it rests on the first. All lines share
// one grid cell, so the block is as tall as the longest and nothing below it moves.
// Under reduced motion the first line simply stays.
(() => {
  const el = document.querySelector('[data-rotator]');
  if (!el || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const lines = [...el.children];
  let i = 0;
  let held = false;
  el.addEventListener('pointerenter', () => {
    held = true;
  });
  el.addEventListener('pointerleave', () => {
    held = false;
  });
  const timer = setInterval(() => {
    if (held) return;
    lines[i % lines.length].classList.remove('is-shown');
    i += 1;
    lines[i % lines.length].classList.add('is-shown');
    if (i >= lines.length) clearInterval(timer);
  }, 2500);
})();
