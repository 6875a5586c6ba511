/**
 * Which Chromium the browser tests drive. `npx playwright install` cannot download here, so:
 * CHROMIUM_PATH when set, else Debian's Chromium, else the Chromium shipped inside the
 * @sparticuz/chromium npm package (unpacked to /tmp on first use). Debian's binary is started
 * directly, not through its /usr/bin wrapper, which adds desktop flags (GPU rasterization,
 * extensions) that only cost CPU in a headless test.
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
];

export async function chromiumPath(): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points at ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  for (const debian of ['/usr/lib/chromium/chromium', '/usr/bin/chromium']) if (existsSync(debian)) return debian;
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}
