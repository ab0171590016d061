import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export type ExecutionProvider = 'cpu' | 'cuda';

export interface ExecutionProviderChoice {
  /** What the engine runs on. */
  provider: ExecutionProvider;
  /** What was asked for (ENGINE_PROVIDER). */
  requested: ExecutionProvider;
  /** Why the provider asked for is not the one in use; absent when it is. */
  warning?: string;
}

/** The library onnxruntime-node loads for its CUDA execution provider, installed beside its binding on demand. */
const CUDA_PROVIDER_LIBRARY = 'libonnxruntime_providers_cuda.so';

/** The folder of onnxruntime-node's native binding for this platform, where its provider libraries go. */
function bindingFolder(): string | null {
  try {
    const pkg = path.dirname(createRequire(import.meta.url).resolve('onnxruntime-node/package.json'));
    const binRoot = path.join(pkg, 'bin');
    for (const napi of fs.readdirSync(binRoot)) {
      const dir = path.join(binRoot, napi, process.platform, process.arch);
      if (fs.existsSync(dir)) return dir;
    }
  } catch {
    // no binding found: the CPU build is all there is
  }
  return null;
}

/**
 * The execution provider the engine will use for `requested`: CUDA when onnxruntime-node's CUDA provider library is
 * installed (`npm install --onnxruntime-node-install=cuda12` on the GPU machine), else the CPU with a warning saying
 * why. A session that still cannot start on CUDA (no driver, wrong CUDA version) runs on the CPU (session-cache.ts).
 */
export function resolveExecutionProvider(requested: ExecutionProvider, folder: string | null = bindingFolder()): ExecutionProviderChoice {
  if (requested === 'cpu') return { provider: 'cpu', requested };
  if (folder && fs.existsSync(path.join(folder, CUDA_PROVIDER_LIBRARY))) return { provider: 'cuda', requested };
  return {
    provider: 'cpu',
    requested,
    warning: `ENGINE_PROVIDER=cuda, but onnxruntime's CUDA provider is not installed (${CUDA_PROVIDER_LIBRARY} is absent${folder ? ` from ${folder}` : ''}): running on the CPU. Install it with: npm install --onnxruntime-node-install=cuda12`,
  };
}
