import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/support/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 4322);

// The browser tests run against the built site served by the project's own server (as `npm start`).
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [[process.env.CI ? 'line' : 'list'], ['json', { outputFile: 'reports/playwright.json' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: await chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node src/server/main.ts',
    env: { PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'test' },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
