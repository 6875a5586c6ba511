/**
 * Draws one component into the test page with React's own root, and takes it away again. The page is
 * a real browser with real events, so React schedules its updates as it does for a customer (no act()
 * environment); the assertions wait for what they expect (expect.element, expect.poll).
 */
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

export interface Drawn {
  remove(): void;
}

export function draw(element: ReactNode): Drawn {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(element));
  return {
    remove() {
      root.unmount();
      container.remove();
    },
  };
}
