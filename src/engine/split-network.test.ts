import { afterAll, describe, expect, it } from 'vitest';
import { CREATIVITY_GAN_MODEL } from './creativity-network.js';
import { ModelStore } from './models/model-store.js';
import { findPackage, REALESRGAN_PACKAGE } from './models/registry.js';
import { SessionCache } from './session-cache.js';
import { TEST_MODELS_DIR } from './test-models.js';

const hasGan = !!findPackage(REALESRGAN_PACKAGE);

describe.skipIf(!hasGan)('a network split into body and head', () => {
  const sessions = new SessionCache(new ModelStore(TEST_MODELS_DIR), { threads: 1 });
  afterAll(() => sessions.close());

  it('stops after the body when aborted while the body runs: no head strip is run', async () => {
    const model = await sessions.tileModel(CREATIVITY_GAN_MODEL);
    const tile = new Float32Array(3 * 32 * 24).fill(0.5);
    // the whole tile, not aborted: ×4
    expect((await model(tile, 32, 24)).length).toBe(3 * 128 * 96);
    const controller = new AbortController();
    const run = model(tile, 32, 24, controller.signal);
    // the model has started its body run (an async function runs up to its first await)
    controller.abort();
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('runs nothing when the signal is already aborted', async () => {
    const model = await sessions.tileModel(CREATIVITY_GAN_MODEL);
    await expect(model(new Float32Array(3 * 16 * 16), 16, 16, AbortSignal.abort())).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
