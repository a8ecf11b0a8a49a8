import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium.ts';
import { baseURL, e2eOrigin } from './support/env.ts';

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['junit', { outputFile: '../test-results/e2e-junit.xml' }]] : 'list',
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    headless: true,
    launchOptions: chromium,
    // Recording a trace of every test costs the run about a third of its time on two cores; a failure
    // keeps its screenshot, and `--trace retain-on-failure` records traces when one is to be examined.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    command: 'node support/start-system.ts',
    // nginx starts only once every service is ready, and has no /readyz of its own.
    url: `${baseURL}/${e2eOrigin === 'nginx' ? 'healthz' : 'readyz'}`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
