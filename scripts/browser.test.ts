import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from './browser.js';

const root = path.resolve(import.meta.dirname, '..');
let dir: string;
let nodeOnly: string;

/** A stand-in browser: an executable that prints a version line, as `chromium --version` does. */
function fakeBrowser(folder: string, name: string) {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  fs.writeFileSync(file, '#!/bin/sh\necho "Chromium 1.2.3 test build"\n', { mode: 0o755 });
  return file;
}

function ensureBrowser(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/ensure-browser.ts')], { cwd: root, encoding: 'utf8', env, timeout: 60_000 });
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-browser-'));
  // a PATH with node and sh but no browser
  nodeOnly = path.join(dir, 'bin');
  fs.mkdirSync(nodeOnly);
  fs.symlinkSync(process.execPath, path.join(nodeOnly, 'node'));
  fs.symlinkSync('/bin/sh', path.join(nodeOnly, 'sh'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('finding Chromium for the browser journeys', () => {
  const empty = () => ({ PATH: nodeOnly, PLAYWRIGHT_BROWSERS_PATH: path.join(dir, 'no-downloads') });

  it('CHROMIUM_PATH first, then a system browser by its Debian, Ubuntu or Chrome name, then nothing', () => {
    const explicit = fakeBrowser(path.join(dir, 'explicit'), 'my-chrome');
    const sys = path.join(dir, 'system');
    fakeBrowser(sys, 'chromium-browser');
    const PATH = `${nodeOnly}${path.delimiter}${sys}`;
    expect(findChromium({ ...empty(), PATH, CHROMIUM_PATH: explicit })).toEqual({ path: explicit, source: 'CHROMIUM_PATH' });
    expect(findChromium({ ...empty(), PATH })).toEqual({ path: path.join(sys, 'chromium-browser'), source: 'system' });
    fakeBrowser(sys, 'chromium');
    expect(findChromium({ ...empty(), PATH })?.path).toBe(path.join(sys, 'chromium'));
    // a CHROMIUM_PATH that does not exist is not silently replaced by another browser
    expect(findChromium({ ...empty(), PATH, CHROMIUM_PATH: path.join(dir, 'missing') })).toBeUndefined();
  });

  it('the step before the journeys reports the browser it found', () => {
    const sys = path.join(dir, 'system2');
    fakeBrowser(sys, 'google-chrome');
    const r = ensureBrowser({ ...empty(), PATH: `${nodeOnly}${path.delimiter}${sys}`, HOME: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Chromium 1.2.3 test build at ${path.join(sys, 'google-chrome')} (system)`);
  });

  it('with no browser and no install, it stops with one line naming the command to run', () => {
    const r = ensureBrowser({ ...empty(), HOME: dir, ENSURE_BROWSER_INSTALL: 'never' });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/run `(sudo apt-get install chromium|npx playwright install chromium)`/);
    expect(lines[0]).toContain('CHROMIUM_PATH');
  });
});
