import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';

/** Debian's Chromium: Playwright cannot download browsers on these machines (docs/stack.md). */
function findChromium(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      // try the next name
    }
  }
  throw new Error('No Chromium found: install it (apt-get install -y chromium) or set CHROME_PATH');
}

// Keep in step with e2e/env.ts (the specs' copy); the config stays import-free so
// tools without a tsconfig for this root file can still read it.
// Overridable so two e2e runs can share a machine.
const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${E2E_PORT}`;
const E2E_ADMIN_PASSWORD = 'E2e-Admin-Pass-2026';

const baseURL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  // A picture tour for people, not a check: `npm run screenshots` (playwright.screenshots.config.ts).
  testIgnore: 'screenshots.spec.ts',
  outputDir: 'test-results',
  // Two cores: one browser at a time keeps the timings honest.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // Generous: CI shares its two cores with other work, and a spec that is slow there is not wrong.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // A fresh database every run: the seeded admin and demo data are all the specs assume.
    command: `rm -rf ${E2E_DATA_DIR} && node apps/server/dist/server.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      SEED_DEMO: 'true',
    },
  },
});
