/**
 * Which Chromium the browser tests drive. `npx playwright install` cannot download here, so:
 * CHROMIUM_PATH when set, else Debian's Chromium (its `chromium-headless-shell` package first, the
 * lighter headless-only build Playwright itself runs headless tests in; the browser tests take about
 * 40% less time in it), else the Chromium shipped inside the @sparticuz/chromium npm package
 * (unpacked to /tmp on first use). Debian's binaries are started directly, not through their /usr/bin
 * wrappers, which add desktop flags (GPU rasterization, extensions) that only cost CPU in a headless test.
 */
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // No GPU here: without a software GPU process as well, pages are composited in the browser itself.
  '--disable-software-rasterizer',
  // What is left of the GPU process's work runs as a thread of the browser: one process fewer to start
  // and to pass every frame through, for each browser a run launches (six files: 84 to 87 s of CPU
  // against 93 to 99 s, on a machine where each process's memory is dear: docs/benchmarks.md).
  '--in-process-gpu',
];

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** `fullBrowser`: never the headless shell (Lighthouse measures pages in the browser people use). */
export async function chromiumPath({ fullBrowser = false } = {}): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points at ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  const debian = [...(fullBrowser ? [] : [HEADLESS_SHELL]), '/usr/lib/chromium/chromium', '/usr/bin/chromium'];
  for (const path of debian) if (existsSync(path)) return path;
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}
