import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** The e2e server runs on its own port and a fresh data directory, with known passwords. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18095);
export const ADMIN_PASSWORD = 'Admin#E2e2026';
export const DEMO_PASSWORD = 'Demo#E2e2026';
const dataDir = path.join(os.tmpdir(), `liftguard-e2e-${E2E_PORT}`);

export default defineConfig({
  testDir: './tests',
  outputDir: './output/test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? './output/results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node ../scripts/start.mjs`,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
      SEED_DEMO: '1',
      SIMULATED_LIFTS: '6',
      // no random help calls: their dialog would cover whatever form a test is filling in; the tests
      // that need a fault or a call raise it themselves
      SIMULATED_EVENTS_PER_MINUTE: '0',
      MQTT_PORT: String(E2E_PORT + 1),
      MQTT_WS_PORT: String(E2E_PORT + 2),
      LOG_LEVEL: 'warn',
    },
  },
});
