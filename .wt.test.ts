import { it, expect } from 'vitest';
import { Worker } from 'node:worker_threads';
it('worker', async () => {
  const w = new Worker(new URL('./.wt-boot.mjs', import.meta.url));
  const m = await new Promise((res, rej) => { w.on('message', res); w.on('error', rej); });
  await w.terminate();
  expect(m).toEqual({ v: 42 });
});
