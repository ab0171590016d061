import sharp from 'sharp';
import { createEngine, type Mode, type Scale } from '@engine/index.js';
import { BENCH_MODELS_DIR, renderFiles, table } from './common.js';

/** The engine's speed goal: a 1 MP render ×2 in Precision within 30 s and ×4 within 120 s on this machine. */
const GOALS: Record<number, number> = { 2: 30, 4: 120 };

/**
 * (i) The wait a user feels: a 1 MP render (1155×866 from the middle of a bench render) enhanced whole, as the
 * worker runs it, in each mode at ×2 and ×4, with thick at ×2 (Precision's network before it moved to medium) as the
 * peer in the same run. Prints seconds, the ratio to that peer and the goal.
 */
export async function benchUserWait() {
  const engine = createEngine({ modelsDir: BENCH_MODELS_DIR });
  const file = renderFiles()[0];
  const meta = await sharp(file).metadata();
  const [w, h] = [1155, 866];
  const input = await sharp(file)
    .extract({ left: Math.round((meta.width! - w) / 2), top: Math.round((meta.height! - h) / 2), width: w, height: h })
    .png()
    .toBuffer();
  const runs: { label: string; scale: Scale; mode: Mode; model?: string }[] = [
    { label: 'thick (Precision before)', scale: 2, mode: 'precision', model: 'esrgan-thick-x2' },
    { label: 'Precision', scale: 2, mode: 'precision' },
    { label: 'Detail', scale: 2, mode: 'detail' },
    { label: 'Precision', scale: 4, mode: 'precision' },
    { label: 'Detail', scale: 4, mode: 'detail' },
  ];
  const rows: (string | number)[][] = [];
  let peer = 0;
  for (const run of runs) {
    const t = performance.now();
    const r = await engine.enhance(input, { scale: run.scale, mode: run.mode, model: run.model });
    const s = (performance.now() - t) / 1000;
    if (run.model) peer = s;
    console.log(`  ×${run.scale} ${run.label}: ${s.toFixed(1)} s`);
    const goal = run.mode === 'precision' && !run.model ? GOALS[run.scale] : undefined;
    rows.push([
      `×${run.scale}`,
      run.label,
      r.model,
      `${s.toFixed(1)} s`,
      run.scale === 2 && peer ? `${(peer / s).toFixed(1)}×` : '',
      goal ? `${s <= goal ? 'met' : 'missed'} (≤ ${goal} s)` : '',
    ]);
  }
  await engine.close();
  table(`(i) A 1 MP render (${w}×${h}) enhanced whole`, ['scale', 'mode', 'network', 'time', 'faster than thick', 'goal'], rows);
}
