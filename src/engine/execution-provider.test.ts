import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveExecutionProvider } from './execution-provider.js';

describe('resolveExecutionProvider', () => {
  it('keeps the CPU when asked for it', () => {
    expect(resolveExecutionProvider('cpu')).toEqual({ provider: 'cpu', requested: 'cpu' });
  });

  it('falls back to the CPU with one warning when the CUDA provider is not installed (the npm package ships CPU only)', () => {
    const choice = resolveExecutionProvider('cuda');
    expect(choice.provider).toBe('cpu');
    expect(choice.warning).toMatch(/CUDA provider is not installed.*running on the CPU.*--onnxruntime-node-install=cuda12/);
  });

  it('takes CUDA where its provider library sits beside the binding', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ort-binding-'));
    fs.writeFileSync(path.join(dir, 'libonnxruntime_providers_cuda.so'), '');
    expect(resolveExecutionProvider('cuda', dir)).toEqual({ provider: 'cuda', requested: 'cuda' });
    fs.rmSync(dir, { recursive: true });
  });
});
