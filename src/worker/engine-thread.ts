/**
 * The engine's own thread: inference, tiling, encoding and inpainting run here so the process's event loop keeps
 * serving HTTP, the live channel and the queue's heartbeats while a long job runs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine, type EngineConfig } from '@engine/index.js';
import type { EngineRequest, EngineReply } from './threaded-engine.js';

const port = parentPort!;
const engine = createEngine((workerData as { config: EngineConfig }).config);
const running = new Map<number, AbortController>();

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
    } else if (request.type === 'close') {
      await engine.close();
      reply({ id: request.id, type: 'result', result: null });
    }
  } catch (err) {
    const e = err as { message?: string; code?: string; name?: string };
    reply({ id: request.id, type: 'error', error: { message: e.message ?? String(err), code: e.code, name: e.name } });
  } finally {
    running.delete(request.id);
  }
});
