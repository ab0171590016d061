/**
 * The engine's own thread: inference, tiling, encoding and inpainting run here so the process's event loop keeps
 * serving HTTP, the live channel and the queue's heartbeats while a long job runs.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine, ENGINE_IDLE_RELEASE_MS, type EngineConfig } from '@engine/index.js';
import type { EngineRequest, EngineReply } from './threaded-engine.js';

const port = parentPort!;
const config = (workerData as { config: EngineConfig }).config;
const engine = createEngine(config);
const running = new Map<number, AbortController>();

// a full collection after each job: its decoded pixels, tiles and encoded result (hundreds of MB for a big image)
// leave this thread's heap at once instead of whenever V8 next needs room, and large blocks go back to the system
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as (() => void) | undefined;
let collectAfterJob: ReturnType<typeof setTimeout> | undefined;
// idle for a while: the model sessions and onnxruntime's arena go too, and the next job creates them again
let releaseWhenIdle: ReturnType<typeof setTimeout> | undefined;
const idleReleaseMs = config.idleReleaseMs ?? ENGINE_IDLE_RELEASE_MS;
/** Enhance and inpaint runs under way (memory questions and the like do not count). */
let jobs = 0;
const isJob = (request: EngineRequest) => request.type === 'enhance' || request.type === 'inpaint';
const releaseIfIdle = async () => {
  if (jobs > 0) return;
  await engine.releaseModels();
  if (jobs === 0) collect?.();
};

const reply = (message: EngineReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Moves a result's bytes to the other thread without a copy when the buffer owns its memory. */
function transferable(data: Buffer): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const owns = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer;
  const bytes = owns ? new Uint8Array(data.buffer, 0, data.byteLength) : new Uint8Array(data);
  return { bytes, transfer: [bytes.buffer as ArrayBuffer] };
}

port.on('message', async (request: EngineRequest) => {
  if (request.type === 'abort') {
    running.get(request.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(request.id, controller);
  if (isJob(request)) {
    jobs++;
    clearTimeout(releaseWhenIdle);
  }
  const control = {
    signal: controller.signal,
    onProgress: (progress: unknown) => reply({ id: request.id, type: 'progress', progress }),
  };
  try {
    if (request.type === 'enhance' || request.type === 'inpaint') {
      const result =
        request.type === 'enhance'
          ? await engine.enhance(Buffer.from(request.input), request.options, control)
          : await engine.inpaint(Buffer.from(request.image), Buffer.from(request.mask), control);
      const { bytes, transfer } = transferable(result.data);
      reply({ id: request.id, type: 'result', result: { ...result, data: bytes } }, transfer);
    } else if (request.type === 'ensureModels') {
      await engine.ensureModels();
      reply({ id: request.id, type: 'result', result: null });
    } else if (request.type === 'releaseModels') {
      // only between jobs: a running job holds its sessions
      if (jobs === 0) await engine.releaseModels();
      reply({ id: request.id, type: 'result', result: null });
    } else if (request.type === 'memory') {
      reply({ id: request.id, type: 'result', result: { ...process.memoryUsage(), modelsLoaded: engine.loadedModels() } });
    } else if (request.type === 'close') {
      clearTimeout(releaseWhenIdle);
      await engine.close();
      reply({ id: request.id, type: 'result', result: null });
    }
  } catch (err) {
    const e = err as { message?: string; code?: string; name?: string };
    reply({ id: request.id, type: 'error', error: { message: e.message ?? String(err), code: e.code, name: e.name } });
  } finally {
    running.delete(request.id);
    if ((request.type === 'enhance' || request.type === 'inpaint') && collect) {
      clearTimeout(collectAfterJob);
      // once the reply has been posted and no other job is running
      collectAfterJob = setTimeout(() => running.size === 0 && collect(), 50);
    }
    if (isJob(request) && --jobs === 0) {
      clearTimeout(releaseWhenIdle);
      releaseWhenIdle = setTimeout(() => void releaseIfIdle(), idleReleaseMs);
      releaseWhenIdle.unref();
    }
  }
});
