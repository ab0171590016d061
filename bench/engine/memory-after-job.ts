import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { ENGINE_IDLE_RELEASE_MS } from '@engine/index.js';
import { createThreadedEngine } from '@worker/threaded-engine.js';
import { BENCH_MODELS_DIR, renderFiles } from './common.js';

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Memory around one big job on the engine thread, as a worker process runs it: the process's RSS before the job, at
 * its peak (sampled every 100 ms) and idle after it (1 s and 10 s later, and once the quiet engine has released its
 * model sessions and onnxruntime's arena), with the engine thread's own heap and ArrayBuffers from the figures
 * /readyz reports. Default: a 3000×2000 render enhanced ×2 (a 24 MP result).
 *
 *   npx tsx bench/engine/memory-after-job.ts      (WIDTH=3000 HEIGHT=2000 SCALE=2 MODE=detail)
 */
async function benchMemoryAfterJob() {
  const width = Number(process.env.WIDTH ?? 3000);
  const height = Number(process.env.HEIGHT ?? 2000);
  const scale = Number(process.env.SCALE ?? 2) as 2;
  const mode = (process.env.MODE ?? 'detail') as 'detail';
  const input = await sharp(renderFiles()[0]).resize(width, height, { fit: 'fill' }).png().toBuffer();
  const engine = createThreadedEngine({ modelsDir: BENCH_MODELS_DIR });
  await engine.ensureModels();
  await sleep(1000);
  const before = { rss: rss(), engine: (await engine.memory())! };
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
  const t = Date.now();
  const result = await engine.enhance(input, { scale, mode });
  const ms = Date.now() - t;
  const done = rss();
  await sleep(1000);
  const idle1 = { rss: rss(), engine: (await engine.memory())! };
  await sleep(9000);
  const idle10 = { rss: rss(), engine: (await engine.memory())! };
  await sleep(ENGINE_IDLE_RELEASE_MS - 10_000 + 2000);
  const released = { rss: rss(), engine: (await engine.memory())! };
  clearInterval(sampler);
  await engine.close();
  const line = (name: string, m: { rss: number; engine: { heapUsed: number; arrayBuffers: number } }) =>
    `${name.padEnd(16)} RSS ${mib(m.rss).padStart(9)}   engine heap ${mib(m.engine.heapUsed).padStart(8)}, ArrayBuffers ${mib(m.engine.arrayBuffers).padStart(8)}`;
  console.log(`memory around one job: ${width}×${height} ×${scale} ${mode} → ${result.width}×${result.height}, ${(ms / 1000).toFixed(0)} s`);
  console.log(line('before', before));
  console.log(`${'peak'.padEnd(16)} RSS ${mib(peak).padStart(9)}   (at the end of the job: ${mib(done)})`);
  console.log(line('idle after 1 s', idle1));
  console.log(line('idle after 10 s', idle10));
  console.log(`${line(`released (${(ENGINE_IDLE_RELEASE_MS + 2000) / 1000} s)`, released)}, models held ${released.engine.modelsLoaded}`);
}

await benchMemoryAfterJob();
