import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { createEngine } from '@engine/index.js';
import { BENCH_MODELS_DIR, renderFiles } from './common.js';

/** Peak resident memory of this process so far (VmHWM), in MiB. */
function peakRssMiB(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / 2 ** 20;
}

/**
 * A 4000×4000 input enhanced ×2 to 8000×8000 (64 MP, the ceiling). Run on its own process so the peak
 * is this job's alone: `npx tsx bench/engine/big-output.ts [--mode detail]`.
 */
async function benchBigOutput(mode: 'detail' | 'precision' | 'creativity' = 'detail') {
  const input = await sharp(renderFiles()[0]).resize(4000, 4000, { fit: 'fill' }).png().toBuffer();
  const engine = createEngine({ modelsDir: BENCH_MODELS_DIR });
  const before = peakRssMiB();
  const t = Date.now();
  let last = 0;
  const r = await engine.enhance(
    input,
    { scale: 2, mode },
    {
      onProgress: (p) => {
        if (p.tilesDone - last >= 50 || p.tilesDone === p.tilesTotal) {
          last = p.tilesDone;
          process.stderr.write(`  ${p.tilesDone}/${p.tilesTotal} tiles, peak ${peakRssMiB().toFixed(0)} MiB\n`);
        }
      },
    },
  );
  const ms = Date.now() - t;
  await engine.close();
  const result = { width: r.width, height: r.height, bytes: r.data.length, ms, peakMiB: peakRssMiB(), startMiB: before, model: r.model };
  console.log(
    `(d) 64 MP output: ${r.width}x${r.height} ${r.model}, ${(ms / 1000).toFixed(0)} s, peak RSS ${result.peakMiB.toFixed(0)} MiB (${before.toFixed(0)} MiB before the run), PNG ${(r.data.length / 1e6).toFixed(0)} MB`,
  );
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--mode');
  await benchBigOutput(i > 0 ? (process.argv[i + 1] as 'detail') : 'detail');
}
