import { fork, type ChildProcess } from 'node:child_process';
import type { Engine, EngineConfig, EnhanceOptions, EnhanceResult, InpaintOptions, InpaintResult, RunControl } from '@engine/index.js';
import { EngineError } from '@engine/errors.js';

export type EngineRequest =
  | { id: number; type: 'enhance'; input: Uint8Array; options: EnhanceOptions }
  | { id: number; type: 'inpaint'; image: Uint8Array; mask: Uint8Array; options?: InpaintOptions }
  | { id: number; type: 'ensureModels' }
  | { id: number; type: 'releaseModels' }
  | { id: number; type: 'close' }
  | { id: number; type: 'memory' }
  | { id: number; type: 'abort' };

export type EngineReply =
  | { id: number; type: 'ready' }
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
  request: Call;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  onProgress?: RunControl['onProgress'];
  /** The engine process the request was sent to. */
  process: EngineProcess;
}

/** What the engine process answers a memory question with: its memory usage and the model sessions it holds. */
type ThreadMemory = NodeJS.MemoryUsage & { modelsLoaded: number };

/** The engine process's memory: its RSS, heap, external and ArrayBuffer bytes. */
export interface EngineMemory extends ThreadMemory {
  /** When these figures were taken; older than this answer when the engine was too busy to answer in time. */
  measuredAt: string;
  stale: boolean;
}

/** How long a memory question waits for a busy engine before the last figures are answered. */
const MEMORY_ANSWER_MS = 1000;

export type ThreadedEngine = Engine & {
  /** The engine's memory figures (null before its first answer if it is busy starting). */
  memory(): Promise<EngineMemory | null>;
};

interface EngineProcess {
  child: ChildProcess;
  ready: boolean;
  /** Requests sent before the process was ready, posted in order once it is. */
  waiting: EngineRequest[];
}

const isJob = (request: Call) => request.type === 'enhance' || request.type === 'inpaint';
const cancelled = () => new EngineError('CANCELLED', 'Processing cancelled');

/**
 * The engine in a process of its own, with the engine's own interface: progress comes back as messages, and the
 * caller's AbortSignal stops a run at once. onnxruntime cannot stop a run already going (the Node binding runs it
 * synchronously and reads no `terminate` option; a worker thread terminated under it takes the whole process down),
 * so a cancelled run's process is killed and the next job runs on a spare process started beforehand, its modules
 * already loaded; it creates the model sessions it needs, as after the idle release. While other jobs run in the same
 * process, the cancelled run is told to stop instead, which it does before its next tile or network piece.
 */
export function createThreadedEngine(config: EngineConfig): ThreadedEngine {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | undefined;
  let closing = false;

  const send = (proc: EngineProcess, request: EngineRequest) => {
    if (proc.ready) proc.child.send(request);
    else proc.waiting.push(request);
  };
  // an idle engine must not keep the worker's process alive
  const hold = (proc: EngineProcess, on: boolean) => {
    if (on) {
      proc.child.ref();
      proc.child.channel?.ref();
    } else {
      proc.child.unref();
      proc.child.channel?.unref();
    }
  };

  function start(): EngineProcess {
    const child = fork(new URL('./engine-thread-boot.mjs', import.meta.url), [JSON.stringify(config)], {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const proc: EngineProcess = { child, ready: false, waiting: [] };
    child.on('message', (message: EngineReply) => {
      if (message.type === 'ready') {
        proc.ready = true;
        for (const request of proc.waiting.splice(0)) child.send(request);
        return;
      }
      const p = pending.get(message.id);
      if (!p || p.process !== proc) return;
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
        p.resolve(result && 'data' in result ? { ...result, data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength) } : result);
      }
    });
    const failAll = (err: Error) => {
      if (proc !== current) {
        if (proc === spare) spare = undefined;
        return;
      }
      failure = err;
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    child.on('error', failAll);
    child.on('exit', (code, signal) => failAll(new Error(`the engine process stopped (${signal ?? `exit code ${code}`})`)));
    hold(proc, false);
    return proc;
  }

  let current = start();
  let spare: EngineProcess | undefined;
  const jobsOn = (proc: EngineProcess) => [...pending.values()].filter((p) => p.process === proc && isJob(p.request)).length;

  // the spare starts once the engine is idle, so its start does not slow a job down
  const keepSpare = () => {
    if (!spare && !closing && !failure && pending.size === 0) spare = start();
  };

  /** Kills the engine process under a cancelled run and moves everything else it was asked to the next one. */
  function replace(cancelledId: number) {
    const old = current;
    current = spare ?? start();
    spare = undefined;
    old.child.kill('SIGKILL');
    for (const [id, p] of pending) {
      if (p.process !== old) continue;
      if (id === cancelledId) {
        pending.delete(id);
        p.reject(cancelled());
      } else {
        p.process = current;
        send(current, { ...p.request, id } as EngineRequest);
      }
    }
    hold(current, pending.size > 0);
  }

  const inflight = new Set<Promise<unknown>>();

  function call<T>(request: Call, control?: RunControl): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      if (control?.signal?.aborted) {
        reject(cancelled());
        return;
      }
      const onAbort = () => {
        const p = pending.get(id);
        if (!p) return;
        if (jobsOn(p.process) === 1) replace(id);
        else send(p.process, { id, type: 'abort' });
      };
      control?.signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => control?.signal?.removeEventListener('abort', onAbort);
      pending.set(id, {
        request,
        process: current,
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
      hold(current, true);
      send(current, { ...request, id } as EngineRequest);
    }).finally(() => {
      inflight.delete(answer);
      if (pending.size === 0) {
        hold(current, false);
        keepSpare();
      }
    });
    inflight.add(answer);
    return answer;
  }

  const bytes = async (input: Buffer | string): Promise<Uint8Array> => {
    if (typeof input === 'string') return new Uint8Array(await import('node:fs/promises').then((fs) => fs.readFile(input)));
    return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
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
      return call<EnhanceResult>({ type: 'enhance', input: await bytes(input), options }, control);
    },
    async inpaint(image, mask, control, options) {
      const [a, b] = await Promise.all([bytes(image), bytes(mask)]);
      return call<InpaintResult>({ type: 'inpaint', image: a, mask: b, options }, control);
    },
    ensureModels: () => call<void>({ type: 'ensureModels' }),
    releaseModels: () => call<void>({ type: 'releaseModels' }),
    async close() {
      closing = true;
      // a run already told to abort ends at its next tile; onnxruntime must not be torn down under it
      await Promise.allSettled([...inflight]);
      if (!failure) await call<void>({ type: 'close' }).catch(() => {});
      const procs = [current, spare].filter((p): p is EngineProcess => !!p);
      spare = undefined;
      failure ??= new Error('the engine is closed');
      await Promise.all(
        procs.map(async (proc) => {
          if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
          const exited = new Promise((resolve) => proc.child.once('exit', resolve));
          proc.child.kill('SIGKILL');
          await exited;
        }),
      );
    },
  };
}
