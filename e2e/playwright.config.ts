import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets several checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Four browsers at once even on two cores: a test mostly waits (for the server, an animation,
  // a socket), and the cores were idle four fifths of a run with two.
  workers: 4,
  // Ceilings for a slow, busy 2-core CI machine, where a page and its server share the cores
  // with the other workers: they only matter when something hangs, as every wait is for an event.
  // On one such machine the suite took 11.4 minutes instead of about 4, and two tests that passed
  // every step ran past 90 s. On another, a signed-in dashboard took about 23 s to show its
  // heading (the browser's renderer starved: frames at 3 a second), past a 15 s expect.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright.json' }]],
  outputDir: '../test-results/playwright-artifacts',
  use: {
    baseURL,
    // A failed test's trace keeps its actions, network and page snapshots, but no screencast:
    // recording every test's frames took a third of the suite's CPU (a browser with no GPU draws
    // and encodes each frame), 161 against 104 CPU-seconds for two spec files.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's chromium: Playwright never downloads a browser here.
        launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'] },
      },
    },
  ],
  webServer: {
    // The built server (node scripts/build.mjs) on a fresh temporary DATA_DIR.
    command: 'node start-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DEMO_ACCOUNTS: 'true',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '1024',
      AUTH_FAILURE_LIMIT: '1000',
      // Every browser of the suite signs in from 127.0.0.1.
      REGISTRATION_LIMIT_PER_HOUR: '100000',
      RATE_LIMIT_SIGN_IN_MAX: '100000',
      RATE_LIMIT_PUBLIC_MAX: '100000',
      RATE_LIMIT_WS_MAX: '100000',
      // The media previews' tests upload a WAV and a WebM.
      ALLOWED_TYPES: 'default,wav,webm',
    },
  },
});
