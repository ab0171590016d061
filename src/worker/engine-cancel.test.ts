/**
 * Cancel stops the work: a run cancelled in the middle of an onnxruntime run ends at once, nothing of it goes on, and
 * the engine answers and takes the next job right after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MODELS_DIR } from '@engine/test-models.js';
import { syntheticPng } from '@server/testing/images.js';
import { createThreadedEngine, type ThreadedEngine } from './threaded-engine.js';

describe('cancelling a run on the engine process', { timeout: 300_000 }, () => {
  let engine: ThreadedEngine;
  beforeAll(async () => {
    engine = createThreadedEngine({ modelsDir: TEST_MODELS_DIR, threads: 1 });
    await engine.ensureModels();
    // Precision ×4 runs thick ×4: its session is created here, so the run below is inference from its start
    await engine.enhance(await syntheticPng(24, 16), { scale: 4, mode: 'precision' });
  });
  afterAll(() => engine?.close());

  it('stops a run in the middle of its one tile: CANCELLED at once, no tile finished, and the engine free for the next job', async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    // one 256² window of thick ×4 on one thread: a single onnxruntime run of seconds
    const run = engine.enhance(
      await syntheticPng(256, 256, 5),
      { scale: 4, mode: 'precision' },
      { signal: controller.signal, onProgress: (p) => progress.push(p.fraction) },
    );
    let ended = false;
    run.then(
      () => (ended = true),
      () => (ended = true),
    );
    // the engine is inside the run when it cannot answer a memory question: onnxruntime holds its event loop
    for (let answer = await engine.memory(); !answer?.stale; answer = await engine.memory()) {
      expect(ended, 'the run ended before it was cancelled').toBe(false);
    }
    expect(ended, 'the run ended before it was cancelled').toBe(false);
    const tilesBefore = progress.filter((f) => f > 0).length;
    expect(tilesBefore).toBe(0);

    controller.abort();
    // asked together with the cancel: answered by an engine that is not busy with the cancelled run
    const [outcome, memory] = await Promise.all([
      run.then(
        () => null,
        (err: unknown) => err,
      ),
      engine.memory(),
    ]);
    expect(outcome).toMatchObject({ name: 'EngineError', code: 'CANCELLED' });
    expect(memory).toMatchObject({ stale: false });
    expect(progress.filter((f) => f > 0)).toEqual([]);

    const next = await engine.enhance(await syntheticPng(40, 30, 6), { scale: 2, mode: 'detail' });
    expect([next.width, next.height]).toEqual([80, 60]);
    // nothing of the cancelled run comes back later
    expect(progress.filter((f) => f > 0)).toEqual([]);
  });

  it('a cancel before the engine starts the run rejects it without running anything', async () => {
    await expect(engine.enhance(await syntheticPng(40, 30), { scale: 2, mode: 'detail' }, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'CANCELLED',
    });
    const next = await engine.enhance(await syntheticPng(40, 30, 2), { scale: 2, mode: 'detail' });
    expect(next.width).toBe(80);
  });
});
