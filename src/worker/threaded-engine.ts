import { Worker } from 'node:worker_threads';
import type { Engine, EngineConfig, EnhanceOptions, EnhanceResult, InpaintResult, RunControl } from '@engine/index.js';
import { EngineError } from '@engine/errors.js';

export type EngineRequest =
  | { id: number; type: 'enhance'; input: Uint8Array; options: EnhanceOptions }
  | { id: number; type: 'inpaint'; image: Uint8Array; mask: Uint8Array }
  | { id: number; type: 'ensureModels' }
  | { id: number; type: 'close' }
  | { id: number; type: 'abort' };

export type EngineReply =
  | { id: number; type: 'progress'; progress: unknown }
  | { id: number; type: 'result'; result: (Omit<EnhanceResult, 'data'> & { data: Uint8Array }) | (Omit<InpaintResult, 'data'> & { data: Uint8Array }) | null }
  | { id: number; type: 'error'; error: { message: string; code?: string; name?: string } };

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Call = WithoutId<Exclude<EngineRequest, { type: 'abort' }>>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  onProgress?: RunControl['onProgress'];
}

/**
 * The engine behind a worker thread, with the engine's own interface: the caller's AbortSignal becomes an abort
 * message (the thread stops between tiles), progress comes back as messages, result bytes are transferred.
 */
export function createThreadedEngine(config: EngineConfig): Engine {
  const worker = new Worker(new URL('./engine-thread-boot.mjs', import.meta.url), { workerData: { config } });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | undefined;

  worker.on('message', (message: EngineReply) => {
    const p = pending.get(message.id);
    if (!p) return;
    if (message.type === 'progress') {
      p.onProgress?.(message.progress as Parameters<NonNullable<RunControl['onProgress']>>[0]);
      return;
    }
    pending.delete(message.id);
    if (message.type === 'error') {
      const { code, message: text } = message.error;
      p.reject(code ? new EngineError(code as never, text) : new Error(text));
    } else {
      const result = message.result;
      p.resolve(result ? { ...result, data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength) } : result);
    }
  });
  const failAll = (err: Error) => {
    failure = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the engine thread stopped (exit code ${code})`)));
  // an idle engine thread must not keep the process alive
  worker.unref();

  const inflight = new Set<Promise<unknown>>();

  function call<T>(request: Call, control?: RunControl, transfer: ArrayBuffer[] = []): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      if (control?.signal?.aborted) {
        reject(new EngineError('CANCELLED', 'Processing cancelled'));
        return;
      }
      const onAbort = () => worker.postMessage({ id, type: 'abort' } satisfies EngineRequest);
      control?.signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => control?.signal?.removeEventListener('abort', onAbort);
      pending.set(id, {
        resolve: (v) => {
          done();
          resolve(v as T);
        },
        reject: (e) => {
          done();
          reject(e);
        },
        onProgress: control?.onProgress,
      });
      worker.ref();
      worker.postMessage({ ...request, id }, transfer);
    }).finally(() => {
      inflight.delete(answer);
      if (pending.size === 0) worker.unref();
    });
    inflight.add(answer);
    return answer;
  }

  const bytes = async (input: Buffer | string): Promise<Uint8Array> => {
    if (typeof input === 'string') return new Uint8Array(await import('node:fs/promises').then((fs) => fs.readFile(input)));
    return new Uint8Array(input);
  };

  return {
    async enhance(input, options, control) {
      const data = await bytes(input);
      return call<EnhanceResult>({ type: 'enhance', input: data, options }, control, [data.buffer as ArrayBuffer]);
    },
    async inpaint(image, mask, control) {
      const [a, b] = await Promise.all([bytes(image), bytes(mask)]);
      return call<InpaintResult>({ type: 'inpaint', image: a, mask: b }, control, [a.buffer as ArrayBuffer, b.buffer as ArrayBuffer]);
    },
    ensureModels: () => call<void>({ type: 'ensureModels' }),
    async close() {
      // a run already told to abort ends at its next tile; onnxruntime must not be torn down under it
      await Promise.allSettled([...inflight]);
      if (!failure) await call<void>({ type: 'close' }).catch(() => {});
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
