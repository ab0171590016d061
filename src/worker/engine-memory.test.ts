/**
 * Memory after a job: the engine thread lets go of a job's buffers once it is done (its heap and ArrayBuffers return
 * to where they were), and /readyz reports the figures: the process's and the engine thread's.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { TEST_MODELS_DIR } from '@engine/test-models.js';
import { startTestServer, type TestServer } from '@server/testing/test-server.js';
import { syntheticPng } from '@server/testing/images.js';
import { createThreadedEngine, type EngineMemory } from './threaded-engine.js';

const FIGURES = ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const;
const held = (m: EngineMemory) => m.arrayBuffers + m.external;

describe('engine memory', { timeout: 300_000 }, () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  it("the engine thread returns a job's buffers once the job is done", async () => {
    const engine = createThreadedEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, tileSize: 64 });
    try {
      await engine.ensureModels();
      // a first job loads the model session; the figures after it are the baseline a second job must come back to
      await engine.enhance(await syntheticPng(64, 48), { scale: 2, mode: 'detail' });
      await new Promise((r) => setTimeout(r, 300));
      const idle = (await engine.memory())!;
      expect(idle.stale).toBe(false);
      // 300×200 at ×2: several MB of decoded pixels, float tiles and encoded output pass through the thread
      const result = await engine.enhance(await syntheticPng(300, 200), { scale: 2, mode: 'detail' });
      expect([result.width, result.height]).toEqual([600, 400]);
      let after = (await engine.memory())!;
      // V8 frees the backing stores on a background thread after the collection: on a busy machine that takes a while
      for (const until = Date.now() + 20_000; held(after) > held(idle) + 2 ** 20 && Date.now() < until;) {
        await new Promise((r) => setTimeout(r, 100));
        after = (await engine.memory())!;
      }
      expect(held(after) - held(idle), `held after the job: ${held(after)} bytes, idle before it: ${held(idle)}`).toBeLessThanOrEqual(2 ** 20);
    } finally {
      await engine.close();
    }
  });

  it('a quiet engine thread releases its model sessions and creates them again for the next job', async () => {
    const engine = createThreadedEngine({ modelsDir: TEST_MODELS_DIR, threads: 1, tileSize: 64, idleReleaseMs: 400 });
    try {
      const input = await syntheticPng(64, 48);
      const first = await engine.enhance(input, { scale: 2, mode: 'detail' });
      // right after the job the session is still there, for the next job of a batch
      expect((await engine.memory())!.modelsLoaded).toBe(1);
      let after = (await engine.memory())!;
      for (const until = Date.now() + 10_000; after.modelsLoaded > 0 && Date.now() < until;) {
        await new Promise((r) => setTimeout(r, 100));
        after = (await engine.memory())!;
      }
      expect(after.modelsLoaded).toBe(0);
      // the next job loads it again and gives the same bytes
      const again = await engine.enhance(input, { scale: 2, mode: 'detail' });
      expect(Buffer.compare(Buffer.from(again.data), Buffer.from(first.data))).toBe(0);
      expect((await engine.memory())!.modelsLoaded).toBe(1);
    } finally {
      await engine.close();
    }
  });

  it("/readyz reports the process's memory and, where jobs run, the engine thread's", async () => {
    const withEngine = await startTestServer({ env: { WORKERS: '1' } });
    servers.push(withEngine);
    let body: any;
    // the engine thread answers once it has started
    for (const until = Date.now() + 60_000; !body?.memory?.engine && Date.now() < until;) {
      const res = await fetch(`${withEngine.url}/readyz`);
      expect(res.status).toBe(200);
      body = await res.json();
      if (!body.memory.engine) await new Promise((r) => setTimeout(r, 200));
    }
    for (const key of FIGURES) {
      expect(body.memory.process[key], `process.${key}`).toBeGreaterThan(0);
      expect(body.memory.engine[key], `engine.${key}`).toBeGreaterThanOrEqual(0);
    }
    expect(body.memory.engine.heapUsed).toBeGreaterThan(0);
    expect(body.memory.engine.rss).toBeGreaterThan(0);
    expect(body.memory.engine.modelsLoaded).toBeGreaterThanOrEqual(0);
    expect(Date.parse(body.memory.engine.measuredAt)).not.toBeNaN();

    const apiOnly = await startTestServer({ env: { WORKERS: '0' } });
    servers.push(apiOnly);
    const plain = await (await fetch(`${apiOnly.url}/readyz`)).json();
    expect(plain.memory.process.rss).toBeGreaterThan(0);
    expect(plain.memory.engine).toBeNull();
    expect(plain.engine).toEqual({ provider: 'cpu' });
  });

  it('/readyz says the engine runs on the CPU when ENGINE_PROVIDER=cuda finds no CUDA provider, as the log warns once', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const server = await startTestServer({ env: { WORKERS: '1', ENGINE_PROVIDER: 'cuda' }, logger });
    servers.push(server);
    const body = await (await fetch(`${server.url}/readyz`)).json();
    expect(body.engine.provider).toBe('cpu');
    expect(body.engine.warning).toMatch(/CUDA provider is not installed/);
    expect(lines.filter((l) => l.includes('CUDA provider is not installed'))).toHaveLength(1);
  });
});
