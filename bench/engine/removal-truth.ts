/**
 * (e′) Object removal against ground truth: masks over EMPTY surfaces of the renders (floors, walls,
 * facades, pavements, lawns; nothing stands under them), so the original under the mask is the answer.
 * Per case: texture agreement (log-magnitude spectra of 32×32 windows), edge F1 within 2 px, the
 * low-frequency shading error as a ratio to a smooth (Telea) fill's, and the detail ratio. Then removals of
 * real objects (furniture, cars, plants), which have no answer: contact sheets only, to be looked at.
 *
 * `npm run bench:engine -- --removal-truth`. Compared: the exemplar completion alone on the crop the engine
 * gives it (bounding box plus max(48 px, 0.75 × its larger side)), as copied and with the fill's low band taken
 * from the surroundings (`shading: true`, `shading.ts`), and the engine's default fill (`inpaintRgb`: the
 * plane-guided fill first, which declines to the exemplar completion where it finds nothing to copy).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { dilate, holeCrop, inpaintRgb, MASK_DILATION } from '@engine/inpaint/inpaint-image.js';
import { exemplarInpaint } from '@engine/inpaint/exemplar.js';
import { DEFAULT_FILL_SEED } from '@shared/removal.js';
import { edgeF1, shadingError, textureAgreement } from '@engine/inpaint/fill-measures.js';
import { renderFiles, table } from './common.js';
import { detailRatio } from './removal-metrics.js';
import { maskBounds, shapedMask } from './removal-masks.js';
import { OUT_DIR } from './removal.js';

/** Renders are scaled to this width (modest, so the run stays short on a shared machine). */
const WIDTH = Number(process.env.BENCH_REMOVAL_TRUTH_WIDTH ?? 768);
const ONLY = process.env.BENCH_REMOVAL_CASES?.split(',');

interface TruthCase {
  name: string;
  /** Render file name without extension. */
  render: string;
  /** What lies under the mask. */
  surface: string;
  /** Centre of the ellipse (fractions of the image) and its share of the image. */
  at: [number, number];
  share: number;
  /** A dense texture: the texture agreement goal is judged here. */
  dense: boolean;
  /** Sparse structure (grout, joints, slats): the edge F1 goal is judged here. */
  structure: boolean;
}

/** Positions picked by looking at each render; nothing but the named surface lies under the ellipse. */
const TRUTH: TruthCase[] = [
  {
    name: 'winter-snow',
    render: '01-winter-architecture',
    surface: 'snow field in front, below the fence rail',
    at: [0.6, 0.93],
    share: 0.01,
    dense: false,
    structure: false,
  },
  {
    name: 'winter-cladding',
    render: '01-winter-architecture',
    surface: 'dark vertical timber boards of the upper storey',
    at: [0.42, 0.4],
    share: 0.015,
    dense: true,
    structure: true,
  },
  {
    name: 'wooden-cladding',
    render: '02-modern-wooden-house',
    surface: 'vertical timber cladding right of the glazing',
    at: [0.75, 0.58],
    share: 0.008,
    dense: true,
    structure: true,
  },
  { name: 'wooden-lawn', render: '02-modern-wooden-house', surface: 'lawn, front left', at: [0.2, 0.88], share: 0.02, dense: true, structure: false },
  {
    name: 'wooden-render',
    render: '02-modern-wooden-house',
    surface: 'white rendered wall of the ground floor (shading only)',
    at: [0.205, 0.58],
    share: 0.005,
    dense: false,
    structure: false,
  },
  {
    name: 'brutalist-paving',
    render: '03-concrete-brutalist',
    surface: 'plaza paving slabs, front left',
    at: [0.15, 0.95],
    share: 0.007,
    dense: true,
    structure: true,
  },
  {
    name: 'living-planks',
    render: '04-interior-living-room',
    surface: 'plank floor, front right',
    at: [0.82, 0.86],
    share: 0.02,
    dense: true,
    structure: true,
  },
  {
    name: 'living-sun',
    render: '04-interior-living-room',
    surface: 'plank floor with the sun patches from the window',
    at: [0.72, 0.72],
    share: 0.01,
    dense: true,
    structure: true,
  },
  {
    name: 'living-rug',
    render: '04-interior-living-room',
    surface: 'rug with its diamond lines and dark band',
    at: [0.27, 0.79],
    share: 0.01,
    dense: true,
    structure: true,
  },
  {
    name: 'living-wall',
    render: '04-interior-living-room',
    surface: 'plaster wall above the sofa (shading gradient)',
    at: [0.35, 0.4],
    share: 0.01,
    dense: false,
    structure: false,
  },
  {
    name: 'kitchen-floor',
    render: '05-kitchen-tiles',
    surface: 'chequered floor tiles in perspective',
    at: [0.86, 0.88],
    share: 0.01,
    dense: true,
    structure: true,
  },
  {
    name: 'kitchen-backsplash',
    render: '05-kitchen-tiles',
    surface: 'subway tiles of the left wall',
    at: [0.14, 0.44],
    share: 0.005,
    dense: true,
    structure: true,
  },
  {
    name: 'street-asphalt',
    render: '09-city-block-street',
    surface: 'asphalt below the zebra crossing',
    at: [0.55, 0.93],
    share: 0.01,
    dense: true,
    structure: false,
  },
  {
    name: 'street-sidewalk',
    render: '09-city-block-street',
    surface: 'sidewalk pavers, front left',
    at: [0.08, 0.92],
    share: 0.006,
    dense: true,
    structure: true,
  },
  {
    name: 'brick-wall',
    render: '11-facade-closeup-brick',
    surface: 'running-bond brickwork between the windows',
    at: [0.28, 0.58],
    share: 0.02,
    dense: true,
    structure: true,
  },
  {
    name: 'brick-pavement',
    render: '11-facade-closeup-brick',
    surface: 'pavement right of the facade',
    at: [0.88, 0.88],
    share: 0.01,
    dense: true,
    structure: true,
  },
  {
    name: 'garden-gravel',
    render: '12-garden-plants',
    surface: 'gravel path below the last stepping stone',
    at: [0.8, 0.945],
    share: 0.008,
    dense: true,
    structure: false,
  },
  {
    name: 'garden-bed',
    render: '12-garden-plants',
    surface: 'horizontal slats of the left raised bed',
    at: [0.15, 0.8],
    share: 0.01,
    dense: true,
    structure: true,
  },
  { name: 'garden-lawn', render: '12-garden-plants', surface: 'lawn, front left', at: [0.12, 0.95], share: 0.006, dense: true, structure: false },
];

interface ObjectCase {
  name: string;
  render: string;
  /** Box around the object (fractions: left, top, right, bottom); the mask is the box grown by 4 px. */
  box: [number, number, number, number];
}

/** Real objects a user removes: furniture, cars, plants, street furniture. */
const OBJECTS: ObjectCase[] = [
  { name: 'living-armchair', render: '04-interior-living-room', box: [0.58, 0.46, 0.7, 0.64] },
  { name: 'living-coffee-table', render: '04-interior-living-room', box: [0.33, 0.57, 0.5, 0.69] },
  { name: 'kitchen-bowl', render: '05-kitchen-tiles', box: [0.25, 0.53, 0.34, 0.6] },
  { name: 'street-car', render: '09-city-block-street', box: [0.34, 0.58, 0.42, 0.67] },
  { name: 'street-far-cars', render: '09-city-block-street', box: [0.55, 0.58, 0.64, 0.65] },
  { name: 'brick-planter', render: '11-facade-closeup-brick', box: [0.31, 0.89, 0.4, 1] },
  { name: 'brutalist-bollard', render: '03-concrete-brutalist', box: [0.36, 0.89, 0.395, 0.98] },
  { name: 'wooden-bush', render: '02-modern-wooden-house', box: [0.13, 0.69, 0.3, 0.78] },
  { name: 'garden-bench', render: '12-garden-plants', box: [0.41, 0.44, 0.49, 0.475] },
];

async function load(render: string): Promise<{ rgb: Uint8Array; w: number; h: number } | null> {
  const file = renderFiles().find((f) => path.basename(f).startsWith(render));
  if (!file) return null;
  const { data, info } = await sharp(file).resize(WIDTH).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { rgb: new Uint8Array(data), w: info.width, h: info.height };
}

function boxMask(box: [number, number, number, number], w: number, h: number): Uint8Array {
  const m = new Uint8Array(w * h);
  for (let y = Math.floor(box[1] * h); y < Math.min(h, Math.ceil(box[3] * h)); y++)
    for (let x = Math.floor(box[0] * w); x < Math.min(w, Math.ceil(box[2] * w)); x++) m[y * w + x] = 1;
  return dilate(m, w, h, 4);
}

/** The exemplar completion on the engine's crop around the mask, with or without the shading match. */
async function exemplarFill(rgb: Uint8Array, mask: Uint8Array, w: number, h: number, shading: boolean): Promise<Uint8Array> {
  const c = holeCrop(rgb, mask, w, h);
  if (!c) return Uint8Array.from(rgb);
  const { x0, y0, cw, ch, crop, cropHole: hole } = c;
  const filled = await exemplarInpaint(crop, hole, cw, ch, { seed: DEFAULT_FILL_SEED, shading });
  const out = Uint8Array.from(rgb);
  if (!filled) return out;
  for (let y = 0; y < ch; y++) out.set(filled.subarray(y * cw * 3, (y + 1) * cw * 3), ((y0 + y) * w + x0) * 3);
  return out;
}

/** Sheet: the mask's surroundings at 100 % (no resize), panels side by side with a 6 px gap. */
async function sheet(file: string, panels: Uint8Array[], w: number, h: number, mask: Uint8Array): Promise<void> {
  const { minX, minY, maxX, maxY } = maskBounds(mask, w, h);
  const pad = Math.round(Math.max(maxX - minX, maxY - minY) * 0.5) + 16;
  const left = Math.max(0, minX - pad),
    top = Math.max(0, minY - pad);
  const width = Math.min(w, maxX + pad + 1) - left,
    height = Math.min(h, maxY + pad + 1) - top;
  const gap = 6;
  const tiles = await Promise.all(
    panels.map((p) =>
      sharp(Buffer.from(p), { raw: { width: w, height: h, channels: 3 } })
        .extract({ left, top, width, height })
        .png()
        .toBuffer(),
    ),
  );
  await sharp({ create: { width: panels.length * (width + gap) - gap, height, channels: 3, background: '#ffffff' } })
    .composite(tiles.map((input, i) => ({ input, left: i * (width + gap), top: 0 })))
    .png()
    .toFile(file);
}

/** The mask's outline in red over the original. */
function maskPanel(original: Uint8Array, mask: Uint8Array, w: number, h: number): Uint8Array {
  const out = Uint8Array.from(original);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      const edge = x === 0 || y === 0 || x === w - 1 || y === h - 1 || !mask[i - 1] || !mask[i + 1] || !mask[i - w] || !mask[i + w];
      if (edge) out.set([255, 30, 30], i * 3);
      else for (let c = 0; c < 3; c++) out[i * 3 + c] = (original[i * 3 + c] >> 1) + 60;
    }
  return out;
}

interface Figures {
  agree: number;
  f1: number;
  shade: number;
  detail: number;
}

function measure(fill: Uint8Array, original: Uint8Array, mask: Uint8Array, w: number, h: number): Figures {
  return {
    agree: textureAgreement(fill, original, mask, w, h),
    f1: edgeF1(fill, original, mask, w, h),
    shade: shadingError(fill, original, mask, w, h),
    detail: detailRatio(fill, original, mask, w, h),
  };
}

const fmt = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(2));
const mean = (a: number[]) => (a.length ? a.reduce((s, v) => s + v, 0) / a.length : NaN);

/**
 * What the surface itself allows: the original under the mask replaced by the same image shifted by 32 px
 * sideways or 24 px up or down (the best of the four). On a dense, regular texture this scores
 * 0.7–0.9 in texture agreement; on fine noise-like grain (gravel, asphalt, lawn) two windows of the very same
 * surface have spectra that barely correlate, so no fill can score higher there than the surface does against
 * itself.
 */
const SHIFTS: [number, number][] = [
  [32, 0],
  [-32, 0],
  [0, 24],
  [0, -24],
];
/** The calibration of a dense texture: the surface shifted scores at least this in texture agreement. */
const DENSE_CEILING = 0.7;

function shiftedFill(rgb: Uint8Array, mask: Uint8Array, w: number, h: number, dx: number, dy: number): Uint8Array {
  const out = Uint8Array.from(rgb);
  for (let p = 0; p < w * h; p++) {
    if (!mask[p]) continue;
    const x = Math.min(w - 1, Math.max(0, (p % w) + dx)),
      y = Math.min(h - 1, Math.max(0, ((p / w) | 0) + dy));
    out.set(rgb.subarray((y * w + x) * 3, (y * w + x) * 3 + 3), p * 3);
  }
  return out;
}

/** The best texture agreement of the surface shifted (the four SHIFTS). */
function ceiling(rgb: Uint8Array, mask: Uint8Array, w: number, h: number): number {
  return Math.max(...SHIFTS.map(([dx, dy]) => textureAgreement(shiftedFill(rgb, mask, w, h, dx, dy), rgb, mask, w, h)));
}

/** The fills compared, with their column headings. */
const METHODS = {
  telea: 'Telea',
  exemplar: 'exemplar completion',
  shading: 'with the shading match',
  engine: 'the engine (default)',
} as const;
type M = keyof typeof METHODS;
const COMPARED: M[] = ['exemplar', 'shading', 'engine'];

/** The four fills of one mask: Telea's, the exemplar completion with and without the shading match, and the engine's. */
async function fills(rgb: Uint8Array, mask: Uint8Array, w: number, h: number): Promise<Record<M, Uint8Array> & { ms: number }> {
  const telea = await inpaintRgb(rgb, mask, w, h, { method: 'telea' });
  const exemplar = await exemplarFill(rgb, mask, w, h, false);
  const shading = await exemplarFill(rgb, mask, w, h, true);
  const t0 = performance.now();
  const engine = await inpaintRgb(rgb, mask, w, h, { seed: DEFAULT_FILL_SEED });
  return { telea, exemplar, shading, engine, ms: performance.now() - t0 };
}

export async function benchRemovalTruth(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const methods = Object.keys(METHODS) as M[];
  const all = Object.fromEntries(methods.map((m) => [m, []])) as unknown as Record<M, { c: TruthCase; f: Figures }[]>;
  const ceilings = new Map<TruthCase, number>();
  const rows: string[][] = [];
  for (const c of TRUTH.filter((k) => !ONLY || ONLY.some((o) => k.name.includes(o)))) {
    const img = await load(c.render);
    if (!img) continue;
    const { rgb, w, h } = img;
    // the painted ellipse grown as the engine grows every painted mask: the hole a user's removal fills
    const mask = dilate(shapedMask('ellipse', w, h, c.at[0] * w, c.at[1] * h, c.share), w, h, MASK_DILATION);
    const out = await fills(rgb, mask, w, h);
    const figs = Object.fromEntries(methods.map((m) => [m, measure(out[m], rgb, mask, w, h)])) as Record<M, Figures>;
    const cell = (m: M) => {
      const f = figs[m];
      all[m].push({ c, f });
      const ratio = f.shade / figs.telea.shade;
      return m === 'telea'
        ? `${fmt(f.agree)} / ${fmt(f.f1)} / ${f.shade.toFixed(1)} / ${fmt(f.detail)}`
        : `${fmt(f.agree)} / ${fmt(f.f1)} / ${f.shade.toFixed(1)} (${fmt(ratio)}×) / ${fmt(f.detail)}`;
    };
    const top = ceiling(rgb, mask, w, h);
    ceilings.set(c, top);
    rows.push([c.name, c.surface, fmt(top), ...methods.map(cell), `${(out.ms / 1000).toFixed(1)} s`]);
    const panels = [rgb, maskPanel(rgb, mask, w, h), ...COMPARED.map((m) => out[m])];
    await sheet(path.join(OUT_DIR, `removal-truth-${c.name}.png`), panels, w, h, mask);
  }
  const teleaShade = (c: TruthCase) => all.telea.find((t) => t.c === c)!.f.shade;
  const figures = (m: M) => {
    const list = all[m];
    const dense = list.filter((r) => r.c.dense && !Number.isNaN(r.f.agree));
    const calibrated = dense.filter((r) => ceilings.get(r.c)! >= DENSE_CEILING);
    return {
      dense: mean(dense.map((r) => r.f.agree)),
      calibrated: mean(calibrated.map((r) => r.f.agree)),
      calibratedCases: calibrated.length,
      ofCeiling: mean(dense.map((r) => r.f.agree / ceilings.get(r.c)!)),
      f1: mean(list.filter((r) => r.c.structure && !Number.isNaN(r.f.f1)).map((r) => r.f.f1)),
      ratios: list.map((r) => r.f.shade / teleaShade(r.c)),
      detail: mean(list.map((r) => r.f.detail)),
    };
  };
  const summary = (m: M): string => {
    if (!all[m].length) return '–';
    const f = figures(m);
    return `${fmt(f.dense)} (dense) / ${fmt(f.f1)} (structure) / ${fmt(mean(f.ratios))}× mean, ${fmt(Math.max(...f.ratios))}× worst / ${fmt(f.detail)}`;
  };
  const topDense = [...ceilings.entries()].filter(([c, t]) => c.dense && !Number.isNaN(t)).map(([, t]) => t);
  rows.push(['mean', '', `${fmt(mean(topDense))} (dense)`, ...methods.map(summary), '']);
  const headings = COMPARED.map((m) => METHODS[m]).join(' | ');
  table(
    `(e′) Removal against ground truth at ${WIDTH} px, masks over empty surfaces: texture agreement / edge F1 / shading error in levels (× Telea's) / detail ratio; the surface shifted is the texture agreement the surface itself allows; time is the engine's (sheets in ${path.relative(process.cwd(), OUT_DIR)}/removal-truth-*.png: original | mask | ${headings})`,
    ['case', 'surface', 'the surface shifted (agreement)', ...methods.map((m) => METHODS[m]), 'time'],
    rows,
  );
  const verdict = (ok: boolean) => (ok ? 'met' : 'not met');
  for (const m of COMPARED) {
    const f = figures(m);
    const ratio = mean(f.ratios);
    console.log(`goals, ${METHODS[m]}:`);
    console.log(`  texture agreement ≥ 0.70 on dense textures: ${fmt(f.dense)} ${verdict(f.dense >= 0.7)}`);
    console.log(
      `    on the ${f.calibratedCases} whose surface shifted scores ≥ ${DENSE_CEILING}: ${f.calibrated.toFixed(3)} ${verdict(f.calibrated >= 0.7)}; share of what the surface allows: ${fmt(f.ofCeiling)}`,
    );
    console.log(`  edge F1 ≥ 0.85 on sparse structure: ${f.f1.toFixed(3)} ${verdict(f.f1 >= 0.85)}`);
    console.log(`  shading error ≤ 1.3 × Telea's (mean of ratios): ${fmt(ratio)} ${verdict(ratio <= 1.3)}`);
    console.log(`  detail ratio ≥ 0.60 (mean): ${fmt(f.detail)} ${verdict(f.detail >= 0.6)}`);
  }

  for (const o of OBJECTS.filter((k) => !ONLY || ONLY.some((n) => k.name.includes(n)))) {
    const img = await load(o.render);
    if (!img) continue;
    const { rgb, w, h } = img;
    const mask = boxMask(o.box, w, h);
    const out = await fills(rgb, mask, w, h);
    await sheet(path.join(OUT_DIR, `removal-object-${o.name}.png`), [rgb, maskPanel(rgb, mask, w, h), ...COMPARED.map((m) => out[m])], w, h, mask);
  }
  console.log(`object removals (no ground truth): ${OBJECTS.length} sheets removal-object-*.png, original | mask | ${headings}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRemovalTruth();
