import { Worker } from 'node:worker_threads';
import type { Engine, EngineConfig, EnhanceOptions, EnhanceResult, InpaintResult, RunControl } from '@engine/index.js';
import { EngineError } from '@engine/errors.js';

export type EngineRequest =
  | { id: number; type: 'enhance'; input: Uint8Array; options: EnhanceOptions }
  | { id: number; type: 'inpaint'; image: Uint8Array; mask: Uint8Array }
  | { id: number; type: 'ensureModels' }
  | { id: number; type: 'releaseModels' }
  | { id: number; type: 'close' }
  | { id: number; type: 'memory' }
  | { id: number; type: 'abort' };

export type EngineReply =
  | { id: number; type: 'progress'; progress: unknown }
  | {
      id: number;
      type: 'result';
      result: (Omit<EnhanceResult, 'data'> & { data: Uint8Array }) | (Omit<InpaintResult, 'data'> & { data: Uint8Array }) | ThreadMemory | null;
    }
  | { id: number; type: 'error'; error: { message: string; code?: string; name?: string } };

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Call = WithoutId<Exclude<EngineRequest, { type: 'abort' }>>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  onProgress?: RunControl['onProgress'];
}

/** What the engine thread answers a memory question with: its memory usage and the model sessions it holds. */
type ThreadMemory = NodeJS.MemoryUsage & { modelsLoaded: number };

/** The engine thread's memory: the process's RSS and the thread's own heap, external and ArrayBuffer bytes. */
export interface EngineMemory extends ThreadMemory {
  /** When these figures were taken; older than this answer when the thread was too busy to answer in time. */
  measuredAt: string;
  stale: boolean;
}

/** How long a memory question waits for a busy engine thread before the last figures are answered. */
const MEMORY_ANSWER_MS = 1000;

export type ThreadedEngine = Engine & {
  /** The thread's memory figures (null before its first answer if it is busy starting). */
  memory(): Promise<EngineMemory | null>;
};

/**
 * The engine behind a worker thread, with the engine's own interface: the caller's AbortSignal becomes an abort
 * message (the thread stops between tiles), progress comes back as messages, result bytes are transferred.
 */
export function createThreadedEngine(config: EngineConfig): ThreadedEngine {
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
      // image results carry their bytes as a transferred Uint8Array, seen here as a Buffer without a copy
      p.resolve(result && 'data' in result ? { ...result, data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength) } : result);
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

  let lastMemory: EngineMemory | null = null;
  async function memory(): Promise<EngineMemory | null> {
    if (failure) return lastMemory && { ...lastMemory, stale: true };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), MEMORY_ANSWER_MS)));
    const asked = call<ThreadMemory>({ type: 'memory' }).then((usage) => {
      lastMemory = { ...usage, measuredAt: new Date().toISOString(), stale: false };
      return lastMemory;
    });
    asked.catch(() => {});
    const answer = await Promise.race([asked, late]).finally(() => clearTimeout(timer));
    return answer === 'late' ? lastMemory && { ...lastMemory, stale: true } : answer;
  }

  return {
    memory,
    async enhance(input, options, control) {
      const data = await bytes(input);
      return call<EnhanceResult>({ type: 'enhance', input: data, options }, control, [data.buffer as ArrayBuffer]);
    },
    async inpaint(image, mask, control) {
      const [a, b] = await Promise.all([bytes(image), bytes(mask)]);
      return call<InpaintResult>({ type: 'inpaint', image: a, mask: b }, control, [a.buffer as ArrayBuffer, b.buffer as ArrayBuffer]);
    },
    ensureModels: () => call<void>({ type: 'ensureModels' }),
    releaseModels: () => call<void>({ type: 'releaseModels' }),
    async close() {
      // a run already told to abort ends at its next tile; onnxruntime must not be torn down under it
      await Promise.allSettled([...inflight]);
      if (!failure) await call<void>({ type: 'close' }).catch(() => {});
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
