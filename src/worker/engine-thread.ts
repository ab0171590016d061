/**
 * The engine's own process: inference, tiling, encoding and inpainting run here so the worker's event loop keeps
 * serving HTTP, the live channel and the queue's heartbeats while a long job runs. It is a process, not a thread,
 * because an onnxruntime run cannot be interrupted: a cancelled job's process is killed and the next job runs on a
 * fresh one (`threaded-engine.ts`).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { createEngine, ENGINE_IDLE_RELEASE_MS, type EngineConfig } from '@engine/index.js';
import type { EngineRequest, EngineReply } from './threaded-engine.js';

const config = JSON.parse(process.argv[2]) as EngineConfig;
const engine = createEngine(config);
// the worker owns this process: when it goes (a crash, a kill), this one goes too, and its terminal's Ctrl-C is the
// worker's to handle (it finishes or hands back its jobs, then closes the engine)
process.on('disconnect', () => process.exit(0));
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
const running = new Map<number, AbortController>();

// a full collection after each job: its decoded pixels, tiles and encoded result (hundreds of MB for a big image)
// leave this process's heap at once instead of whenever V8 next needs room, and large blocks go back to the system
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

const reply = (message: EngineReply) => {
  if (process.connected) process.send!(message);
};

async function handle(request: EngineRequest) {
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
          : await engine.inpaint(Buffer.from(request.image), Buffer.from(request.mask), control, request.options);
      reply({
        id: request.id,
        type: 'result',
        result: { ...result, data: new Uint8Array(result.data.buffer, result.data.byteOffset, result.data.byteLength) },
      });
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
}

const early = (globalThis as { __engineEarlyMessages?: () => EngineRequest[] }).__engineEarlyMessages?.() ?? [];
process.on('message', (request: EngineRequest) => void handle(request));
for (const request of early) void handle(request);
reply({ id: 0, type: 'ready' });
