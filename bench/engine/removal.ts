import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createEngine } from '@engine/index.js';
import { inpaintRgb, type InpaintMethod } from '@engine/inpaint/inpaint-image.js';
import { BENCH_MODELS_DIR, psnr, renderFiles, table } from './common.js';
import { detailRatio, edgeContinuity, surroundingsDetail } from './removal-metrics.js';
import { maskBounds, placeMask, shapedMask, type MaskShape } from './removal-masks.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Contact sheets (original | mask | Telea | ours) are written here. */
export const OUT_DIR = process.env.BENCH_OUT_DIR ?? path.resolve(here, '../out');
/** Renders are scaled to this width (the 2048 px originals with BENCH_REMOVAL_WIDTH=2048). */
const WIDTH = Number(process.env.BENCH_REMOVAL_WIDTH ?? 1024);
const METHODS: InpaintMethod[] = ['telea', 'patchmatch', 'exemplar'];

interface Case {
  name: string;
  file: string;
  shape: MaskShape;
  share: number;
  /** Fixed centre (fractions of the image), else placed by `placement`. */
  at?: [number, number];
  placement: Placement;
}

/**
 * The two sets of masks. `texture` (the goal's judge): masks over textured or structured regions that
 * continue around them, plus the two removals a new user tries first. `peak`: masks over each render's
 * single busiest spot, kept as the harder reference (the surroundings column says how much detail a fill
 * made of the scene can hold there).
 */
type Placement = 'texture' | 'peak';

function cases(placement: Placement): Case[] {
  const list: Case[] = [];
  const suffix = placement === 'peak' ? '-peak' : '';
  for (const file of renderFiles()) {
    const base = path.basename(file).replace(/\.\w+$/, '');
    list.push({ name: `${base}-ellipse-1${suffix}`, file, shape: 'ellipse', share: 0.01, placement });
    list.push({ name: `${base}-ellipse-4${suffix}`, file, shape: 'ellipse', share: 0.04, placement });
    list.push({ name: `${base}-object-10${suffix}`, file, shape: 'object', share: 0.1, placement });
  }
  if (placement === 'peak') return list;
  // the two removals a new user tries first: the coffee table over the rug, a small patch of the chequered floor
  const living = renderFiles().find((f) => f.includes('04-interior-living-room'));
  const kitchen = renderFiles().find((f) => f.includes('05-kitchen-tiles'));
  if (living) list.push({ name: '04-interior-living-room-table-4', file: living, shape: 'ellipse', share: 0.04, at: [0.42, 0.62], placement });
  if (kitchen) list.push({ name: '05-kitchen-tiles-floor-1', file: kitchen, shape: 'ellipse', share: 0.01, at: [0.86, 0.86], placement });
  return list;
}

/** Peak resident memory since the last reset, MiB; resetting needs Linux (/proc/self/clear_refs). */
function peakRss(reset = false): number {
  if (reset) {
    try {
      writeFileSync('/proc/self/clear_refs', '5');
    } catch {
      /* not Linux: the figure is then the peak of the whole run */
    }
  }
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / 2 ** 20;
}

async function contactSheet(file: string, panels: Uint8Array[], w: number, h: number, mask: Uint8Array): Promise<void> {
  const { minX, minY, maxX, maxY } = maskBounds(mask, w, h);
  const padX = Math.round((maxX - minX) * 0.4) + 16,
    padY = Math.round((maxY - minY) * 0.4) + 16;
  const left = Math.max(0, minX - padX),
    top = Math.max(0, minY - padY);
  const width = Math.min(w, maxX + padX + 1) - left,
    height = Math.min(h, maxY + padY + 1) - top;
  const ph = 320,
    pw = Math.round((width / height) * ph),
    gap = 6;
  const tiles = await Promise.all(
    panels.map((p) =>
      sharp(Buffer.from(p), { raw: { width: w, height: h, channels: 3 } })
        .extract({ left, top, width, height })
        .resize(pw, ph)
        .png()
        .toBuffer(),
    ),
  );
  await sharp({ create: { width: panels.length * (pw + gap) - gap, height: ph, channels: 3, background: '#ffffff' } })
    .composite(tiles.map((input, i) => ({ input, left: i * (pw + gap), top: 0 })))
    .png()
    .toFile(file);
}

/** The mask panel: the original darkened, the mask in red. */
function maskPanel(original: Uint8Array, mask: Uint8Array): Uint8Array {
  const out = new Uint8Array(original.length);
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]) out.set([230, 40, 40], i * 3);
    else for (let c = 0; c < 3; c++) out[i * 3 + c] = original[i * 3 + c] >> 1;
  }
  return out;
}

const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
const fmt = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(2));

/** Only the cases whose names contain one of these (comma-separated BENCH_REMOVAL_CASES), e.g. `living-room,street`. */
const ONLY = process.env.BENCH_REMOVAL_CASES?.split(',');
/** Which sets `--removal` runs: both unless BENCH_REMOVAL_SETS names one (`texture` or `peak`). */
const SETS = (process.env.BENCH_REMOVAL_SETS ?? 'texture,peak').split(',') as Placement[];

export async function benchRemoval(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  for (const set of SETS) await benchRemovalSet(set);
}

async function benchRemovalSet(placement: Placement): Promise<void> {
  const rows: (string | number)[][] = [];
  const detail: Record<InpaintMethod, number[]> = { telea: [], patchmatch: [], exemplar: [] };
  const edges: Record<InpaintMethod, number[]> = { telea: [], patchmatch: [], exemplar: [] };
  const psnrs: Record<InpaintMethod, number[]> = { telea: [], patchmatch: [], exemplar: [] };
  const surroundings: number[] = [];
  for (const c of cases(placement).filter((k) => !ONLY || ONLY.some((o) => k.name.includes(o)))) {
    const { data, info } = await sharp(c.file).resize(WIDTH).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const w = info.width,
      h = info.height;
    const original = new Uint8Array(data);
    const { cx, cy } = c.at ? { cx: c.at[0] * w, cy: c.at[1] * h } : placeMask(original, w, h, c.shape, c.share, c.placement);
    const mask = shapedMask(c.shape, w, h, cx, cy, c.share);
    const around = surroundingsDetail(original, mask, w, h);
    surroundings.push(around);
    const results: Partial<Record<InpaintMethod, Uint8Array>> = {};
    const cells: string[] = [];
    let oursTime = 0,
      oursRss = 0,
      used = '';
    for (const m of METHODS) {
      peakRss(true);
      const report: { method?: InpaintMethod } = {};
      const t0 = performance.now();
      const out = await inpaintRgb(original, mask, w, h, { method: m, report });
      const ms = performance.now() - t0;
      results[m] = out;
      const d = detailRatio(out, original, mask, w, h),
        e = edgeContinuity(out, original, mask, w, h);
      const p = psnr(out, original, 255, (i) => mask[Math.floor(i / 3)] === 1);
      detail[m].push(d);
      if (!Number.isNaN(e)) edges[m].push(e);
      psnrs[m].push(p);
      cells.push(`${fmt(d)} / ${fmt(e)} / ${p.toFixed(1)}`);
      if (m === 'exemplar') {
        oursTime = ms;
        oursRss = peakRss();
        used = report.method ?? '';
      }
    }
    rows.push([c.name, fmt(around), ...cells, `${(oursTime / 1000).toFixed(1)} s`, `${Math.round(oursRss)} MiB`, used]);
    await contactSheet(path.join(OUT_DIR, `removal-${c.name}.png`), [original, maskPanel(original, mask), results.telea!, results.exemplar!], w, h, mask);
  }
  const summary = (m: InpaintMethod) =>
    `${fmt(mean(detail[m]))} (worst ${fmt(Math.min(...detail[m]))}) / ${fmt(mean(edges[m]))} / ${mean(psnrs[m]).toFixed(1)}`;
  rows.push(['mean', `${fmt(mean(surroundings))} (worst ${fmt(Math.min(...surroundings))})`, ...METHODS.map(summary), '', '', '']);
  table(
    `(e) Object removal on the renders at ${WIDTH} px, masks over ${placement === 'texture' ? 'textured regions' : "each render's busiest spot"}: detail ratio / edge continuity / PSNR dB inside the mask (contact sheets in ${path.relative(process.cwd(), OUT_DIR)}/)`,
    ['case', 'surroundings', 'Telea', 'previous PatchMatch', 'ours (exemplar)', 'ours time', 'ours peak RSS', 'ours used'],
    rows,
  );
  console.log(`edge continuity over the ${edges.exemplar.length} cases where straight edges cross the mask`);
  const ours = detail.exemplar,
    met = mean(ours) >= 0.7 && Math.min(...ours) >= 0.5;
  if (placement === 'texture')
    console.log(`goal, detail ratio ≥ 0.70 mean and ≥ 0.50 worst: ours ${fmt(mean(ours))} mean, ${fmt(Math.min(...ours))} worst: ${met ? 'met' : 'not met'}`);
  else {
    const ratios = ours.map((d, i) => d / surroundings[i]);
    console.log(
      `reference set: ours ${fmt(mean(ours))} mean, ${fmt(Math.min(...ours))} worst; ours / surroundings ${fmt(mean(ratios))} mean, ${fmt(Math.min(...ratios))} lowest, at or above 1 in ${ratios.filter((q) => q >= 1).length} of ${ours.length} cases`,
    );
  }
  console.log('surroundings: the detail ratio of the ring around the mask (half its side wide), what a faithful copy of the surroundings scores');
}

/** (f) Removal through the engine (decode, fill, encode) at 4 MP with a 5 % mask and 16 MP with a 10 % mask. */
export async function benchRemovalScale(): Promise<void> {
  const file = renderFiles().find((f) => f.includes('04-interior-living-room')) ?? renderFiles()[0];
  const engine = createEngine({ modelsDir: BENCH_MODELS_DIR });
  const rows: (string | number)[][] = [];
  for (const [mp, share] of [
    [4, 0.05],
    [16, 0.1],
  ] as const) {
    const w = Math.round(Math.sqrt((mp * 1e6 * 4) / 3)),
      h = Math.round((w * 3) / 4);
    const image = await sharp(file).resize(w, h).removeAlpha().png({ compressionLevel: 1 }).toBuffer();
    const mask = shapedMask('ellipse', w, h, 0.4 * w, 0.72 * h, share);
    const maskPng = await sharp(Buffer.from(mask.map((v) => v * 255)), { raw: { width: w, height: h, channels: 1 } })
      .png()
      .toBuffer();
    global.gc?.();
    const before = peakRss(true);
    const t0 = performance.now();
    let steps = 0;
    const result = await engine.inpaint(image, maskPng, { onProgress: () => steps++ });
    const s = (performance.now() - t0) / 1000;
    rows.push([
      `${w}×${h} (${((w * h) / 1e6).toFixed(1)} MP)`,
      `${share * 100} %`,
      `${s.toFixed(1)} s`,
      `${Math.round(peakRss())} MiB`,
      `${Math.round(before)} MiB`,
      steps,
      result.method,
    ]);
  }
  await engine.close();
  table(
    '(f) Removal through the engine (PNG in, PNG out), ellipse over the rug and floor',
    ['image', 'mask', 'time', 'peak RSS', 'RSS before', 'progress events', 'method'],
    rows,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchRemoval();
  await benchRemovalScale();
}
