/**
 * Where the browser journeys find Chromium: CHROMIUM_PATH when set, then a system browser on the PATH (Debian's and
 * Ubuntu's `chromium`, `chromium-browser`, Google Chrome), then one Playwright has already downloaded. Playwright's own
 * download is not assumed: on machines without access to its browser builds only a system package works.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const SYSTEM_BROWSERS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function onPath(name: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

/**
 * How every headless Chromium of ours starts (the journeys, the page-speed benchmark): no sandbox as root, no GPU, and
 * none of the background connections a closed network refuses.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface FoundBrowser {
  path: string;
  source: 'CHROMIUM_PATH' | 'system' | 'playwright';
}

export function findChromium(env: NodeJS.ProcessEnv = process.env): FoundBrowser | undefined {
  if (env.CHROMIUM_PATH) return fs.existsSync(env.CHROMIUM_PATH) ? { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' } : undefined;
  for (const name of SYSTEM_BROWSERS) {
    const found = onPath(name, env.PATH ?? '');
    if (found) return { path: found, source: 'system' };
  }
  const downloaded = chromium.executablePath();
  if (downloaded && fs.existsSync(downloaded)) return { path: downloaded, source: 'playwright' };
  return undefined;
}

/** The browser's own version line, or null when it does not start. */
export function browserVersion(executable: string): string | null {
  try {
    return execFileSync(executable, ['--version'], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}
