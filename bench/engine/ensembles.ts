import sharp from 'sharp';
import { modelStage, planMode } from '@engine/modes.js';
import { builtinModelName } from '@engine/models/registry.js';
import type { ModelStore } from '@engine/models/model-store.js';
import { SessionCache } from '@engine/session-cache.js';
import { upscaleTiled, type Blend, type TileModel } from '@engine/tiled-inference.js';
import { psnr, renderFiles, table } from './common.js';
import { bicubicPair, original } from './quality.js';

/**
 * (k) Precision ensembles: the faithful plan of a scale (as Precision runs it: ×2 medium sharpened, ×4 thick, in
 * int8 where the CPU runs it) mixed per tile, before quantisation, with a second network at several weights.
 * Mean PSNR on the renders' centre crops, bicubic-downscaled by s and enhanced back as in (c), and the time per
 * crop, so a mix is judged by what it adds and what it costs. `BENCH_ENSEMBLE_SECOND` names the second networks.
 */
const SECONDS = (process.env.BENCH_ENSEMBLE_SECOND ?? 'realesrgan-x4fast,realesrgan-x4plus').split(',');
const WEIGHTS = (process.env.BENCH_ENSEMBLE_WEIGHTS ?? '0.1,0.2,0.3,0.4').split(',').map(Number);

/** Precision's single pass at a scale: its network (×6: ×8 brought down inside each tile). */
function faithfulNetwork(scale: number): string {
  const stage = modelStage(planMode('precision', {}, { scale }), scale);
  return builtinModelName(stage.family, stage.modelScale);
}

const SCALES = (process.env.BENCH_ENSEMBLE_SCALES ?? '2,3,4,6').split(',').map(Number);

export async function benchEnsembles(store: ModelStore, scales: number[] = SCALES) {
  const sessions = new SessionCache(store, { int8: true });
  const seconds: { name: string; model: TileModel; scale: number; inputRange: [number, number] }[] = [];
  for (const name of SECONDS) {
    const spec = await store.get(name).catch(() => undefined);
    if (!spec) {
      console.log(`(k) ${name}: not installed, skipped`);
      continue;
    }
    seconds.push({ name, model: await sessions.tileModel(name), scale: spec.scale, inputRange: spec.inputRange });
  }
  const files = renderFiles();
  const acc = new Map<string, { psnr: number; ms: number }>();
  const add = (k: string, p: number, ms: number) => {
    const a = acc.get(k) ?? { psnr: 0, ms: 0 };
    a.psnr += p / files.length;
    a.ms += ms / files.length;
    acc.set(k, a);
  };
  for (const file of files) {
    const { rgb, w, h } = await original(file);
    for (const scale of scales) {
      const pair = await bicubicPair(rgb, w, h, scale);
      const { bicubic } = pair;
      const lr = await sharp(pair.lr).raw().toBuffer();
      add(`${scale}|bicubic`, psnr(bicubic, rgb), 0);
      const plan = planMode('precision', {}, { scale });
      const name = faithfulNetwork(scale);
      const spec = await store.get(name);
      const model = await sessions.tileModel(name);
      // one window over the whole crop: the mix is judged without tile seams, which (tiling tests) stay within 2 levels
      const run = async (blend?: Blend) => {
        const t = performance.now();
        const out = await upscaleTiled(
          { data: new Uint8Array(lr), width: w / scale, height: h / scale, channels: 3 },
          {
            model,
            modelScale: spec.scale,
            outScale: scale,
            inputRange: spec.inputRange,
            tileSize: Math.max(w, h) / scale + 2,
            margin: 0,
            flips: ['none'],
            filter: plan.filter?.(spec.scale),
            blends: blend ? [blend] : [],
          },
        );
        return { p: psnr(out.data, rgb), ms: performance.now() - t };
      };
      const faithful = await run();
      add(`${scale}|${name}`, faithful.p, faithful.ms);
      for (const s of seconds)
        for (const weight of [...WEIGHTS, 1]) {
          const r = await run({ model: s.model, modelScale: s.scale, inputRange: s.inputRange, weight });
          add(`${scale}|${s.name}|${weight}`, r.p, r.ms);
        }
    }
  }
  await sessions.close();
  const rows: (string | number)[][] = [];
  for (const scale of scales) {
    const plan = planMode('precision', {}, { scale });
    const name = faithfulNetwork(scale);
    const base = acc.get(`${scale}|${name}`)!;
    const bic = acc.get(`${scale}|bicubic`)!;
    rows.push([`×${scale}`, 'bicubic', '', bic.psnr.toFixed(2), '', '']);
    rows.push([`×${scale}`, `Precision (${name}${plan.filter ? ', sharpened' : ''})`, '', base.psnr.toFixed(2), '0', `${Math.round(base.ms)} ms`]);
    for (const s of seconds)
      for (const weight of [...WEIGHTS, 1]) {
        const a = acc.get(`${scale}|${s.name}|${weight}`)!;
        const d = a.psnr - base.psnr;
        rows.push([`×${scale}`, `+ ${s.name}`, weight, a.psnr.toFixed(2), `${d >= 0 ? '+' : '−'}${Math.abs(d).toFixed(2)}`, `${Math.round(a.ms)} ms`]);
      }
  }
  table(
    `(k) Precision mixed with a second network on ${files.length} render crops (bicubic-downscaled by s, enhanced back; mean PSNR)`,
    ['scale', 'plan', 'weight', 'PSNR dB', 'vs Precision dB', 'time / crop'],
    rows,
  );
}
