/**
 * `npm run dev`: Astro's dev server (site, with reload) and the API (restarted on change) side by
 * side; Astro forwards /Api and /__dev to the API, so the browser sees one origin as in production.
 */
import { spawn } from 'node:child_process';

const API_PORT = process.env.API_PORT ?? '4322';
const children = [
  spawn(process.execPath, ['--watch-path=src/server', '--watch-path=src/lib', 'src/server/app/main.ts'], {
    stdio: 'inherit',
    // Links in messages open the pages on Astro's server (the API's own address serves no site here).
    env: {
      ...process.env,
      PORT: API_PORT,
      SERVE_SITE: '0',
      PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL || 'http://localhost:4321',
    },
  }),
  spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, API_PROXY: `http://127.0.0.1:${API_PORT}` },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
