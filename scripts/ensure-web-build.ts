/**
 * `npm start` runs this first: the web app is rebuilt when dist/web is missing or older than any of its sources,
 * so a fresh clone and a pulled update both serve the current interface without a separate build step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/shared', 'src/emails', 'vite.config.ts', 'package-lock.json'];
const ignored = /\.test\.tsx?$/;

function newestMtime(p: string): number {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return ignored.test(p) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const built = fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const newestSource = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (built >= newestSource) {
  console.log('Web app is up to date.');
} else {
  console.log(built ? 'Web app sources changed; rebuilding…' : 'Building the web app (first start)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log('Web app built.');
}
