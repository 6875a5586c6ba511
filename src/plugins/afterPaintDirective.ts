import type { ClientDirective } from 'astro';

/** Runs in the browser, inlined into each page with an island that uses it (see afterPaint.ts). */
const afterPaintDirective: ClientDirective = (load, options) => {
  const value = options.value as { timeout?: number } | boolean | undefined;
  const timeout = (typeof value === 'object' && value.timeout) || 1000;
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    await (await load())();
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(hydrate) : setTimeout(hydrate));
  // An animation frame callback runs just before that frame is painted; a task it queues runs after.
  requestAnimationFrame(() => setTimeout(whenIdle));
  setTimeout(hydrate, timeout);
};

export default afterPaintDirective;
