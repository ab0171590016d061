import { chromium } from '@playwright/test';
import fs from 'node:fs';
import zlib from 'node:zlib';
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const p = await b.newPage();
const js = [];
p.on('response', (r) => {
  if (r.url().endsWith('.js')) js.push(new URL(r.url()).pathname);
});
await p.goto(process.argv[2], { waitUntil: 'networkidle' });
await p.waitForTimeout(500);
let t = 0;
for (const f of js) {
  const d = fs.readFileSync('dist/web' + f);
  const g = zlib.gzipSync(d, { level: 9 }).length;
  t += g;
  console.log(f, (g / 1024).toFixed(1));
}
console.log('total', (t / 1024).toFixed(1));
await b.close();
