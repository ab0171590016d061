import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './scripts/browser';

/**
 * The port is chosen once, in the runner, and handed to the workers through the environment: they load this file
 * again and must reach the same server.
 */
function freePort(): string {
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

if (!process.env.E2E_PORT) process.env.E2E_PORT = freePort();
const port = process.env.E2E_PORT;
// the server's data folder, known to the tests so they can run operator commands (`npm run admin`) against it
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  // in CI a journey that fails is run once more: one that then passes is listed as flaky (with its first failure's
  // trace kept), one that fails twice fails the run; locally a failure stops at the first try
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // one folder per run: runs started side by side would otherwise delete each other's traces
  outputDir: `test-results/run-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      // CHROMIUM_PATH, a system Chromium or Chrome, or Playwright's own download (`npm test` makes sure one exists)
      executablePath: findChromium()?.path,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: `${baseURL}/healthz`,
    env: { E2E_PORT: port, E2E_DATA_DIR: dataDir },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
