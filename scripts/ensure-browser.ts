/**
 * Runs before the browser journeys (`npm test`): finds Chromium, or installs one where it can — Debian's or Ubuntu's
 * package when running as root there, otherwise Playwright's download — and when that fails too, stops with one line
 * saying what to run. Exit code 0 means the journeys have a browser. ENSURE_BROWSER_INSTALL=never only looks.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { browserVersion, findChromium } from './browser.js';

const say = (line: string) => console.log(`[browser] ${line}`);

function report(): boolean {
  const found = findChromium();
  if (!found) return false;
  const version = browserVersion(found.path);
  if (!version) {
    say(`${found.path} (${found.source}) does not start.`);
    return false;
  }
  say(`${version} at ${found.path} (${found.source})`);
  return true;
}

function run(command: string, args: string[]): boolean {
  say(`${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.status === 0;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/etc/debian_version') && fs.existsSync('/usr/bin/apt-get');

if (process.env.CHROMIUM_PATH && !findChromium()) {
  say(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist: point it at a Chromium or Chrome executable, or unset it.`);
  process.exit(1);
}
if (report()) process.exit(0);

const mayInstall = process.env.ENSURE_BROWSER_INSTALL !== 'never';
if (mayInstall) say('no Chromium found; installing one for the browser tests');
if (!mayInstall) {
  // only looking: fall through to the line that says what to run
} else if (isRoot && hasApt) {
  // the Debian package name; Ubuntu's `chromium` is the same name
  if (run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation']) && report()) process.exit(0);
} else if (run('npx', ['--no-install', 'playwright', 'install', 'chromium']) && report()) {
  process.exit(0);
}

const hint = hasApt ? 'sudo apt-get install chromium' : 'npx playwright install chromium';
console.error(
  `[browser] The browser tests need Chromium and none could be installed: run \`${hint}\` (or set CHROMIUM_PATH to a Chromium or Chrome executable), then \`npm test\` again.`,
);
process.exit(1);
