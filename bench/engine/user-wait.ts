import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { createEngine, type Mode, type Scale } from '@engine/index.js';
import { CREATIVITY_GAN_MODEL, GAN_TILE_MARGIN } from '@engine/creativity-network.js';
import { ModelStore } from '@engine/models/model-store.js';
import { planMode } from '@engine/modes.js';
import { SessionCache } from '@engine/session-cache.js';
import { upscaleTiled, type TileModel } from '@engine/tiled-inference.js';
import { BENCH_MODELS_DIR, renderFiles, table } from './common.js';

/**
 * Creativity ×2 as it ran before its windows were shaped to the image: square 256 px windows with 64 px margins, and
 * x4plus as one network (its ×4 tensors whole), the same preset otherwise. The peer of the Creativity row.
 */
async function creativityBefore(input: Buffer): Promise<void> {
  const store = new ModelStore(BENCH_MODELS_DIR);
  const sessions = new SessionCache(store);
  const whole = await ort.InferenceSession.create(await store.load(CREATIVITY_GAN_MODEL), {
    intraOpNumThreads: sessions.threads,
    graphOptimizationLevel: 'all',
  });
  const gan: TileModel = async (tile, w, h) => (await whole.run({ input: new ort.Tensor('float32', tile, [1, 3, h, w]) })).output.data as Float32Array;
  const plan = planMode('creativity', {}, { gan: true, scale: 2 });
  const { data, info } = await sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  await upscaleTiled(
    { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 },
    {
      model: await sessions.tileModel('esrgan-medium-x2'),
      modelScale: 2,
      outScale: 2,
      inputRange: [0, 255],
      tileSize: 256,
      margin: GAN_TILE_MARGIN,
      filter: plan.filter?.(2),
      blends: [{ model: gan, modelScale: 4, inputRange: [0, 1], weight: plan.mixes!.at(-1)!.weight }],
    },
  );
  await Promise.all([whole.release(), sessions.close()]);
}

/** The engine's speed goal: a 1 MP render ×2 in Precision within 30 s and ×4 within 120 s on this machine. */
const GOALS: Record<number, number> = { 2: 30, 4: 120 };

/**
 * (i) The wait a user feels: a 1 MP render (1155×866 from the middle of a bench render) enhanced whole, as the
 * worker runs it, in each mode at ×2 and ×4. The peers in the same run: at ×2 thick (Precision's network before it
 * moved to medium), at ×4 thick in float (before the int8 networks); beside them Precision 100 at ×2 and Precision's
 * network without the x4fast mix at ×4, to show what the mix costs. Prints seconds, the ratio to the peer and the
 * goal. BENCH_WAIT_ROWS picks rows whose label contains one of its comma-separated words; only so do the Creativity
 * rows run (Real-ESRGAN x4plus at its preset, no goal; at ×2 beside Creativity as it ran before, which took over 20
 * minutes on this machine on a slow day).
 */
export async function benchUserWait() {
  const engine = createEngine({ modelsDir: BENCH_MODELS_DIR });
  const float = createEngine({ modelsDir: BENCH_MODELS_DIR, int8: false });
  const file = renderFiles()[0];
  const meta = await sharp(file).metadata();
  const [w, h] = [1155, 866];
  const input = await sharp(file)
    .extract({ left: Math.round((meta.width! - w) / 2), top: Math.round((meta.height! - h) / 2), width: w, height: h })
    .png()
    .toBuffer();
  // a network named explicitly runs without Precision's x4fast mix, which makes the row before the mix at ×4
  const runs: { label: string; scale: Scale; mode: Mode; model?: string; precision?: number; peer?: boolean; float?: boolean; before?: boolean }[] = [
    { label: 'thick (Precision before)', scale: 2, mode: 'precision', model: 'esrgan-thick-x2', peer: true },
    { label: 'Precision', scale: 2, mode: 'precision' },
    { label: 'Precision 100 (x4fast mix, self-ensemble)', scale: 2, mode: 'precision', precision: 100 },
    { label: 'Detail', scale: 2, mode: 'detail' },
    { label: 'Creativity on square 256² windows, x4plus whole (before)', scale: 2, mode: 'creativity', peer: true, before: true },
    { label: 'Creativity', scale: 2, mode: 'creativity' },
    { label: 'Precision in float, without the mix (before int8)', scale: 4, mode: 'precision', model: 'esrgan-thick-x4', peer: true, float: true },
    { label: 'Precision without the x4fast mix', scale: 4, mode: 'precision', model: 'esrgan-thick-x4' },
    { label: 'Precision', scale: 4, mode: 'precision' },
    { label: 'Detail', scale: 4, mode: 'detail' },
    { label: 'Creativity', scale: 4, mode: 'creativity' },
  ];
  const wanted = process.env.BENCH_WAIT_ROWS?.toLowerCase().split(',');
  const chosen = wanted ? runs.filter((r) => wanted.some((w) => r.label.toLowerCase().includes(w))) : runs.filter((r) => r.mode !== 'creativity');
  const rows: (string | number)[][] = [];
  // the peer of the last scale that had one: a row is compared only with a peer of its own scale
  let peer = { scale: 0, seconds: 0 };
  for (const run of chosen) {
    const t = performance.now();
    const r = run.before
      ? (await creativityBefore(input), { model: 'esrgan-medium-x2+realesrgan-x4plus·0.9' })
      : await (run.float ? float : engine).enhance(input, {
          scale: run.scale,
          mode: run.mode,
          model: run.model,
          params: run.precision === undefined ? undefined : { precision: run.precision },
        });
    const s = (performance.now() - t) / 1000;
    if (run.peer) peer = { scale: run.scale, seconds: s };
    console.log(`  ×${run.scale} ${run.label}: ${s.toFixed(1)} s`);
    const goal = run.mode === 'precision' && !run.model && run.precision === undefined ? GOALS[run.scale] : undefined;
    rows.push([
      `×${run.scale}`,
      run.label,
      r.model,
      `${s.toFixed(1)} s`,
      run.peer || peer.scale !== run.scale ? '' : `${(peer.seconds / s).toFixed(1)}×`,
      goal ? `${s <= goal ? 'met' : 'missed'} (≤ ${goal} s)` : '',
    ]);
  }
  await Promise.all([engine.close(), float.close()]);
  table(`(i) A 1 MP render (${w}×${h}) enhanced whole`, ['scale', 'mode', 'network', 'time', 'faster than the peer', 'goal'], rows);
}
