/**
 * Password-reset timing on loopback: does `POST /api/accounts/forgot-password` answer a known address in the same time
 * as an unknown one? A server is started as its own process, a few accounts are made, and then known and unknown
 * addresses are asked for in turn (interleaved, so both see the same load), after a warm-up.
 *
 *   npm run bench:reset                (REQUESTS=50 per side, ACCOUNTS=5)
 *
 * Prints p50/p95/max for each side and the known/unknown ratio (goal: about 1; the mail is queued after the answer).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signUp, sleep, startServer } from './server.js';

const REQUESTS = Number(process.env.REQUESTS ?? 50);
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 5);
const WARM_UP = 5;

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

async function ask(url: string, email: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${url}/api/accounts/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`forgot-password answered ${res.status} for ${email}`);
  return ms;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderlift-reset-'));
  const { child, url } = await startServer(dataDir, { RATE_LIMIT_PASSWORD_RESET: '100000/60' });
  try {
    const known: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) known.push((await signUp(url, i)).email);
    const unknown = (i: number) => `nobody-${i}-${Date.now()}@example.com`;
    for (let i = 0; i < WARM_UP; i++) {
      await ask(url, known[i % known.length]);
      await ask(url, unknown(i));
    }
    await sleep(500);
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < REQUESTS; i++) {
      // alternate which side goes first, so neither always follows the other's queued work
      const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const side of order) times[side].push(await ask(url, side === 'known' ? known[i % known.length] : unknown(i)));
    }
    const row = (name: string, xs: number[]) =>
      `${name.padEnd(8)} n=${xs.length}  p50 ${quantile(xs, 0.5).toFixed(1)} ms  p95 ${quantile(xs, 0.95).toFixed(1)} ms  max ${Math.max(...xs).toFixed(1)} ms`;
    console.log('forgot-password answer times (loopback, interleaved)');
    console.log(row('known', times.known));
    console.log(row('unknown', times.unknown));
    console.log(
      `ratio known/unknown: p50 ${(quantile(times.known, 0.5) / quantile(times.unknown, 0.5)).toFixed(2)}  p95 ${(quantile(times.known, 0.95) / quantile(times.unknown, 0.95)).toFixed(2)}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
