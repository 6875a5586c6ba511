import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * `client:afterpaint`: an island that hydrates once the page has painted its first frame and the
 * browser is idle, or `timeout` ms (default 1000) after it appears at the latest. `client:idle` can
 * fire before the first paint, so React and the island's code would share the network and the main
 * thread with the page's first paint; an idle callback alone can also be held back for seconds.
 */
export function afterPaint(): AstroIntegration {
  return {
    name: 'client-afterpaint',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'afterpaint',
          entrypoint: fileURLToPath(new URL('./afterPaintDirective.ts', import.meta.url)),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    'client:afterpaint'?: boolean | { timeout?: number };
  }
}
